-- LOCAL ONLY, untracked: stands in for another branch's migration 0011
SELECT 1;
