"""The words inside the pictures, passed in as data: render stays pure (no catalogs, no
languages here), and the bot fills a `PictureWords` in the reader's language. The
defaults are the English the pictures always said.

Each is a whole phrase with named placeholders, so a language may put the words in its
own order (`{name} to move` / `{name} ist am Zug`). Only strings: a picture drawn in
another process gets them as they are."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PictureWords:
    player: str = "Player {number}"
    """A seat without a name."""
    to_move: str = "{name} to move · turn {turn}"
    """The table's headline; the name is drawn (and shrunk) on its own."""
    turn_status: str = "turn {turn} · {name} to move"
    """After the game's title in a replay's caption."""
    solo_over: str = "{name} scored {score}"
    """A solo game's result, like a game's "{name} wins": the player's lowest colour."""
    all_resigned: str = "game over: everyone resigned"
    wins: str = "{name} wins"
    shared_win: str = "shared win: {names}"
    bag: str = "bag {count}"
    supply: str = "supply {count}"
    resigned: str = "resigned"
    solo_score: str = "score {score}"
    winner: str = "winner"
    place: str = ""
    """A finishing place; empty: English ordinals (`2nd`), else a phrase (`{rank}.`)."""
    low: str = "low {score}"
    final_scores: str = "{game} · final scores"
    scores_after: str = "{game} · scores after turn {turn}"
    scores: str = "{game} · scores"
    no_tiles: str = "no tiles"
    first_board: str = "1st scoreboard"
    second_board: str = "2nd scoreboard"
    replay_turn: str = "turn {turn} · {name}: {moves}"
    """A replay frame's caption: the turn, who played it and its moves."""
    replay_count: str = "{turn} of {last}"
    marks_since: str = "since {name} last played:"
    """The legend under the board: the numbered badges are the moves made since then."""
    marks_last_turn: str = "last turn:"


ENGLISH = PictureWords()


@dataclass(frozen=True)
class CardWords:
    """The words of the daily share card and of a tournament's standings picture, and of
    their alt texts. A card's phrases with a count come whole (`standing_line`,
    `streak_line`): the bot has the language's plural forms, the picture does not."""

    daily: str = "{game} daily #{day}"
    score: str = "score"
    not_on_its_day: str = "not finished on its day"
    standing_line: str = ""
    """The card's percentile, place or lone player in words, as the bot says it (empty:
    in English)."""
    streak_line: str = ""
    """The card's streak in words, as the bot says it (empty: in English)."""
    card_alt: str = "{title}: score {score}, {percentile}, {streak}. Colour totals: {totals}."
    colours: tuple[str, ...] = ("red", "green", "blue", "orange", "purple")
    player: str = "player"
    legend: str = "pts: points · buch: Buchholz · lows: sum of lowest colours"
    more: str = "… and {count} more"
    withdrawn: str = "{name} (withdrawn)"
    withdrawn_alt: str = "{name}, withdrawn"
    standing_alt: str = (
        "{rank}. {name}: {points} points (Buchholz {buchholz}, lowest colours {lows})."
    )


CARD_ENGLISH = CardWords()


def ordinal(rank: int, words: PictureWords = ENGLISH) -> str:
    if words.place:
        return words.place.format(rank=rank)
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank if rank < 20 else rank % 10, 'th') }"


def seat_word(names: list[str], seat: int, words: PictureWords = ENGLISH) -> str:
    return names[seat] if seat < len(names) else words.player.format(number=seat + 1)


@dataclass(frozen=True)
class ReviewWords:
    """The words of the review chart. `turns` (`34 turns`) comes whole from the bot (it
    has the language's plural forms); empty: English."""

    title: str = "Lowest colour"
    turns: str = ""
    no_choices: str = "no choices"
    mistake: str = "mistake"
    blunder: str = "blunder"


REVIEW_ENGLISH = ReviewWords()
