"""Seasons on Discord (SPEC §8): ``/mahjong config season:`` chooses them, ``/mahjong season`` shows a
season's standings, and the season's end post gives each pool's champions once a season is over
(``bot.seasons.post``); the words are ``bot.seasons.presenter``'s."""
