-- A member may have their data deleted (`/axio forget-me`, `axio-bot forget`, see
-- storage/members.py). Their seats in past games stay, so other people's games and ratings
-- stay whole, but name no one: user id 0, "a former player". Two former players may have
-- sat at one table, so the one-seat-per-person rule leaves id 0 out.

DROP INDEX seats_one_per_user;
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id)
    WHERE user_id IS NOT NULL AND user_id <> 0;
