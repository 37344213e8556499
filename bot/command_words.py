"""The slash commands' words in French: descriptions and choices by their English text, and the names.

Plain data (no Discord import), so the help text can name the commands as Discord shows them to each
language while ``bot.translator`` hands the same words to Discord.
"""

from __future__ import annotations

FRENCH: dict[str, str] = {
    "Four-player mahjong tables": "Tables de mahjong à quatre",
    "Open a mahjong table in a new thread": "Ouvrir une table de mahjong dans un nouveau fil",
    "The rules: classic, Hong Kong or the quick family game":
        "Les règles : classiques, Hong Kong ou la version familiale",
    "How long the match lasts": "La durée de la partie",
    "Live (a minute a turn) or asynchronous (hours a turn)":
        "En direct (une minute par tour) ou asynchrone (des heures)",
    "How many seats computer players take at once": "Combien de places prennent des joueurs ordinateur",
    "How well the computer players play": "Le niveau des joueurs ordinateur",
    "Three players (classic and Hong Kong) or four": "Trois joueurs (classique et Hong Kong) ou quatre",
    "Every hand visible, for learning": "Toutes les mains visibles, pour apprendre",
    "The boxed set's four jokers (classic)": "Les quatre jokers du coffret (classique)",
    "Allow discard hints": "Autoriser les conseils de défausse",
    "A player one tile from winning must announce it (classic)":
        "Un joueur à une tuile du mahjong doit l'annoncer (classique)",
    "Seven pairs is a winning hand": "Sept paires est une main gagnante",
    "The smallest hand that may win, in fan (Hong Kong; 3 by default)":
        "La plus petite main gagnante, en fan (Hong Kong ; 3 par défaut)",
    "Every discard waits a few seconds, so nobody can tell who could claim it":
        "Chaque défausse attend quelques secondes : personne ne sait qui pourrait la prendre",
    "Classic": "Classique",
    "Hong Kong": "Hong Kong",
    "Family": "Familiale",
    "One hand": "Une main",
    "One wind round": "Un tour de vent",
    "Four wind rounds": "Quatre tours de vent",
    "Live": "En direct",
    "Asynchronous": "Asynchrone",
    "Strong": "Fort",
    "Basic": "Simple",
    "Teacher": "Professeur",
    "Random": "Au hasard",
    # /mahjong rules, help and score (bot/commands/info.py)
    "The rules and scoring of classic, Hong Kong or family mahjong":
        "Les règles et le barème du mahjong classique, Hong Kong ou familial",
    "How to play with the bot, and six strategy tips": "Comment jouer avec le bot, et six conseils de stratégie",
    "Score a winning hand: classic points or Hong Kong fan":
        "Compter une main gagnante : points classiques ou fan de Hong Kong",
    "Concealed tiles with the winning tile, [exposed set], (concealed kong): 234m [777z] 456p 99s":
        "Tuiles cachées avec la gagnante, [combinaison posée], (kong caché) : 234m [777z] 456p 99s",
    "The winning tile, e.g. 9s (default: the last concealed tile written)":
        "La tuile gagnante, par exemple 9s (sinon la dernière tuile cachée écrite)",
    "Classic points or Hong Kong fan": "Points classiques ou fan de Hong Kong",
    "The winner's wind": "Le vent du gagnant",
    "The prevailing wind": "Le vent dominant",
    "The winning tile was drawn from the wall, not taken from a discard":
        "La tuile gagnante a été piochée dans la muraille, pas prise sur une défausse",
    "Flowers and seasons held, e.g. 1f6f": "Les fleurs et saisons du gagnant, par exemple 1f6f",
    "East": "Est",
    "South": "Sud",
    "West": "Ouest",
    "North": "Nord",
    # /mahjong leaderboard, stats and history (bot/commands/reports.py)
    "This server's leaderboard, posted in the channel": "Le classement de ce serveur, publié dans le salon",
    "The rules the leaderboard is kept for": "Les règles du classement",
    "All time, or this month (UTC)": "Depuis toujours, ou ce mois-ci (UTC)",
    "The page of the leaderboard": "La page du classement",
    "All time": "Depuis toujours",
    "This month": "Ce mois-ci",
    "A member's hands, wins, deal-ins and best hand on this server":
        "Les mains, victoires, défausses fatales et meilleure main d'un membre sur ce serveur",
    "Whose statistics (yours by default)": "Les statistiques de qui (les vôtres par défaut)",
    "Only these rules": "Seulement ces règles",
    "Your last matches on this server": "Vos dernières parties sur ce serveur",
    # /mahjong replay (bot/commands/replay.py)
    "Replay a past hand step by step, privately": "Rejouer une main passée étape par étape, en privé",
    "The hand's id, as /mahjong history shows it": "Le numéro de la main, comme /mahjong historique le montre",
    # /mahjong config and /mahjong mentions (bot/commands/config.py)
    "Server settings for new tables (Manage Server)":
        "Réglages du serveur pour les nouvelles tables (Gérer le serveur)",
    "The rules a new table gets when its host picks none": "Les règles d'une nouvelle table si l'hôte n'en choisit pas",
    "The speed a new table gets when its host picks none": "Le rythme d'une nouvelle table si l'hôte n'en choisit pas",
    "Minutes a player has for a turn (instead of the speed's own)":
        "Minutes qu'a un joueur pour son tour (au lieu de celles du rythme)",
    "Seconds a claim window stays open (instead of the speed's own)":
        "Secondes pendant lesquelles on peut prendre une défausse (au lieu de celles du rythme)",
    "Allow tables in this channel (add it to the list)": "Autoriser les tables dans ce salon (l'ajouter à la liste)",
    "Empty the list: tables may open in any channel again":
        "Vider la liste : les tables s'ouvrent de nouveau dans n'importe quel salon",
    "Whether tables may have computer seats": "Si les tables peuvent avoir des places ordinateur",
    "Whether tables mention the member whose turn it is": "Si les tables mentionnent le membre dont c'est le tour",
    "The language of the tables' public messages": "La langue des messages publics des tables",
    "English": "Anglais",
    "French": "Français",
    "The server's locale": "La langue du serveur",
    "Whether tables on this server mention you when it is your turn":
        "Si les tables de ce serveur vous mentionnent quand c'est votre tour",
    "On: mention me when a table waits for me; off: never":
        "Activé : me mentionner quand une table m'attend ; désactivé : jamais",
    "On": "Activé",
    "Off": "Désactivé",
    # /solitaire (bot/commands/solitaire.py)
    "Mahjong solitaire: the daily deal and free play": "Mahjong solitaire : la donne du jour et le jeu libre",
    "Play today's deal (the same for everyone; your best of the day counts)":
        "Jouer la donne du jour (la même pour tous ; votre meilleur score du jour compte)",
    "Free play: a random deal, or the deal of a number": "Jeu libre : une donne au hasard, ou celle d'un numéro",
    "The deal's number (the same number always deals the same board)":
        "Le numéro de la donne (le même numéro donne toujours le même plateau)",
    "This server's solitaire leaderboard, posted in the channel":
        "Le classement du solitaire de ce serveur, publié dans le salon",
    "The daily deal's board or the free-play board": "Le classement du jour ou celui du jeu libre",
    "The day of a daily board, YYYY-MM-DD (UTC; today by default)":
        "Le jour d'un classement du jour, AAAA-MM-JJ (UTC ; aujourd'hui par défaut)",
    "Daily": "Du jour",
    "Free play": "Jeu libre",
    "A member's solitaire games on this server": "Les parties de solitaire d'un membre sur ce serveur",
    "Your name on this server's solitaire leaderboards": "Votre nom aux classements du solitaire de ce serveur",
    "2 to 32 letters or digits; leave it out to be shown by your server name":
        "2 à 32 lettres ou chiffres ; sans pseudo, votre nom sur le serveur est affiché",
    "Where the daily deal is posted at 00:00 UTC (Manage Server)":
        "Où la donne du jour est publiée à 00:00 UTC (Gérer le serveur)",
    "Post the daily deal in this channel": "Publier la donne du jour dans ce salon",
    "Stop the daily posts": "Arrêter les publications quotidiennes",
    "The match length a new table gets when its host picks none":
        "La durée de partie d'une nouvelle table si l'hôte n'en choisit pas",
    "The computer players' level a new table gets": "Le niveau des ordinateurs d'une nouvelle table",
    "Whether new tables allow discard hints": "Si les nouvelles tables autorisent les conseils de défausse",
    "Whether new tables hide who could claim a discard":
        "Si les nouvelles tables cachent qui pourrait prendre une défausse",
    "Whether seven pairs is a winning hand at new tables":
        "Si sept paires est une main gagnante aux nouvelles tables",
    "The smallest winning hand at new Hong Kong tables, in fan":
        "La plus petite main gagnante aux nouvelles tables Hong Kong, en fan",
    "Hours without any click after which an open table is closed":
        "Heures sans aucun clic après lesquelles une table ouverte est fermée",
    "The rules' own": "Celle des règles",
}

# Command and option names must stay lower-case words without spaces for Discord.
FRENCH_NAMES: dict[str, str] = {
    "new": "nouvelle",
    "rules": "regles",
    "length": "duree",
    "speed": "rythme",
    "computers": "ordinateurs",
    "level": "niveau",
    "players": "joueurs",
    "open_hands": "mains_ouvertes",
    "jokers": "jokers",
    "hints": "conseils",
    "hide_claims": "cacher_les_prises",
    "calling_rule": "annonce",
    "seven_pairs": "sept_paires",
    "minimum_fan": "fan_minimum",
    "help": "aide",
    "score": "score",
    "hand": "main",
    "win": "tuile_gagnante",
    "seat": "vent_gagnant",
    "round": "vent_dominant",
    "self_drawn": "piochee",
    "bonus": "bonus",
    "leaderboard": "classement",
    "period": "periode",
    "page": "page",
    "stats": "statistiques",
    "member": "membre",
    "history": "historique",
    "config": "reglages",
    "turn_minutes": "minutes_par_tour",
    "claim_seconds": "secondes_de_prise",
    "channel": "salon",
    "clear_channels": "tous_les_salons",
    "mentions": "mentions",
    "lang": "langue",
    "state": "etat",
    "replay": "rejouer",
    # /solitaire
    "daily": "quotidien",
    "free": "libre",
    "seed": "numero",
    "board": "type",
    "date": "date",
    "name": "pseudo",
    "pseudonym": "pseudo",
    "stop": "arreter",
    "idle_hours": "heures_d_inactivite",
}
