-- The language a server's managers chose for the table's posts (`/axio settings
-- language:`), as a catalog code ('de'); NULL follows the server's own Discord language.
-- A member's language is never stored: it comes with each interaction.
ALTER TABLE guild_settings ADD COLUMN language TEXT;
