-- LOCAL ONLY, untracked: stands in for another branch's migration 0012
SELECT 1;
