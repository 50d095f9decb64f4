-- Who holds a lease on an owed post (see storage/outbox.py): a lease lapses only when its
-- holder stops renewing it, so a starting process never takes a post from a live one.
ALTER TABLE outbox ADD COLUMN leased_by TEXT;

-- Why a game ended without a result, when something other than its players ended it
-- ('channel gone': its channel or thread was deleted). Such a game stays in its players'
-- history, with no result and no rating.
ALTER TABLE games ADD COLUMN ended_reason TEXT;
