"""The bot's words in English and French: one table of messages, and the reader's language.

Private answers follow the member's Discord locale (``lang_of(interaction.locale)``); public
messages follow the table's language. ``say(key, lang, **params)`` fills a message; a refusal's
reason written by the engine comes in both languages as ``reason_en`` / ``reason_fr`` and is
picked here as ``{reason}``.
"""

from __future__ import annotations

from typing import Any

from game.tiles import Lang

MESSAGES: dict[str, tuple[str, str]] = {
    # refusals (private)
    "already_seated": ("You are already seated at this table.", "Vous êtes déjà assis à cette table."),
    "table_full": ("This table is full.", "Cette table est complète."),
    "not_seated_lobby": ("You are not seated at this table.", "Vous n'êtes pas assis à cette table."),
    "host_cannot_leave": (
        "The host cannot leave: cancel the table instead.",
        "L'hôte ne peut pas partir : annulez plutôt la table.",
    ),
    "host_only": ("Only the host of the table can do that.", "Seul l'hôte de la table peut faire cela."),
    "table_not_full": (
        "The table needs {players} seats filled to start.",
        "Il faut {players} places occupées pour commencer.",
    ),
    "not_in_lobby": ("This table has already started or closed.", "Cette table a déjà commencé ou est fermée."),
    "not_seated": (
        "You are not playing at this table: you can watch it, and open your own with /mahjong new.",
        "Vous ne jouez pas à cette table : vous pouvez la regarder, et ouvrir la vôtre avec /mahjong new.",
    ),
    "stale": (
        "That button is no longer current: the table has moved on. Press My hand for a fresh view.",
        "Ce bouton n'est plus à jour : la partie a avancé. Appuyez sur Ma main pour une vue à jour.",
    ),
    "unknown_button": ("That button is not one of this bot's.", "Ce bouton n'est pas un bouton de ce bot."),
    "not_your_turn": ("It is not your turn.", "Ce n'est pas votre tour."),
    "no_such_tile": ("That tile is not in your hand.", "Cette tuile n'est pas dans votre main."),
    "win_refused": ("Mahjong is not allowed: {reason}.", "Mahjong refusé : {reason}."),
    "not_legal": ("That move is not allowed now.", "Ce coup n'est pas permis maintenant."),
    "not_away": ("You are already playing your seat.", "Vous jouez déjà votre place."),
    "no_table": ("This table no longer exists.", "Cette table n'existe plus."),
    "busy": ("The table is busy: try again in a moment.", "La table est occupée : réessayez dans un instant."),
    "store_down": (
        "The bot cannot reach its game store right now: try again in a moment. Nothing was played.",
        "Le bot ne joint pas sa mémoire de jeu : réessayez dans un instant. Rien n'a été joué.",
    ),
    "broken_table": (
        "This table's saved state is damaged and cannot be played.",
        "L'état enregistré de cette table est abîmé : elle ne peut plus être jouée.",
    ),
    "no_claim": ("You have nothing to claim on this tile.", "Vous ne pouvez rien prendre sur cette tuile."),
    "standing_on_hand": (
        "Your standing choices are set on your own hand: press My hand.",
        "Vos choix permanents se règlent sur votre main : appuyez sur Ma main.",
    ),
    "no_claim_hidden": (
        "You have nothing to claim on this tile. This table keeps every discard open to claims for a moment,"
        " whether or not anyone may claim it, so that nobody learns who could.",
        "Vous ne pouvez rien prendre sur cette tuile. Cette table laisse chaque défausse ouverte aux annonces"
        " un moment, que quelqu'un puisse la prendre ou non, pour que personne ne sache qui le pouvait.",
    ),
    "not_your_message": ("That message belongs to another member.", "Ce message appartient à un autre membre."),
    "internal_error": (
        "Something went wrong on the bot's side. Press My hand to see where the table stands.",
        "Le bot a rencontré un problème. Appuyez sur Ma main pour voir où en est la table.",
    ),
    "command_failed": (
        "Something went wrong on the bot's side: nothing was done. Try again in a moment.",
        "Le bot a rencontré un problème : rien n'a été fait. Réessayez dans un instant.",
    ),
    "old_result": (
        "Only the latest hand's result can be shown again; this one is in the message above.",
        "Seul le résultat de la dernière main peut être réaffiché ; celui-ci est dans le message.",
    ),
    "claims_open": (
        "Claims on the last discard are still open: you play when the window closes.",
        "On peut encore prendre la dernière défausse : vous jouez quand la fenêtre se ferme.",
    ),
    "hand_held": (
        "Claims on {tile} are open until {when}: you play after.",
        "On peut prendre {tile} jusqu'à {when} : vous jouez ensuite.",
    ),
    "no_hand_yet": ("The hand has not started yet.", "La main n'a pas encore commencé."),
    "wrong_guild": (
        "That button belongs to a table on another server.",
        "Ce bouton appartient à une table d'un autre serveur.",
    ),
    "no_threads_here": ("Tables open in a server's text channel.", "Les tables s'ouvrent dans un salon d'un serveur."),
    "bad_option": ("{detail}", "{detail}"),
    "option_jokers": (
        "Jokers are an option of the classic rules only.",
        "Les jokers ne sont une option que des règles classiques.",
    ),
    "option_calling": ("The family game has no calling rule.", "La version familiale n'a pas d'annonce."),
    "option_learners": (
        "A learners' table waits for whoever may claim, so it cannot hide its claim windows.",
        "Une table d'apprentissage attend qui peut prendre : elle ne peut pas cacher ses fenêtres de prise.",
    ),
    "option_minimum": (
        "A minimum in fan belongs to the Hong Kong rules.",
        "Un minimum en fan n'existe qu'aux règles de Hong Kong.",
    ),
    "no_permission": (
        "I cannot post here: I need to view the channel, send messages, create public threads and attach files.",
        "Je ne peux pas écrire ici : il me faut voir le salon, envoyer des messages, créer des fils "
        "publics et joindre des fichiers.",
    ),
    # lobby
    "lobby_title": ("Mahjong table — {rules}", "Table de mahjong — {rules}"),
    "lobby_open": (
        "{host} opened a table. Join with the buttons below.",
        "{host} a ouvert une table. Rejoignez-la avec les boutons ci-dessous.",
    ),
    "lobby_settings": (
        "Rules: {rules} · Length: {length} · Speed: {speed}{options}",
        "Règles : {rules} · Durée : {length} · Rythme : {speed}{options}",
    ),
    "lobby_seats": ("Seats ({filled}/{players}):", "Places ({filled}/{players}) :"),
    "lobby_empty_seat": ("— free —", "— libre —"),
    "lobby_first": (
        "Who starts (the host picks; seed 000 says the youngest): {name}",
        "Qui commence (l'hôte choisit ; la règle dit le plus jeune) : {name}",
    ),
    "lobby_first_random": ("drawn at random unless the host picks", "tiré au sort si l'hôte ne choisit pas"),
    "btn_first": ("{name} starts", "{name} commence"),
    "lobby_ready": ("The table is full: the host can start.", "La table est complète : l'hôte peut commencer."),
    "lobby_cancelled": ("This table was cancelled.", "Cette table a été annulée."),
    "thread_name": ("Mahjong {rules} · {host}", "Mahjong {rules} · {host}"),
    "opened_in": ("Your table is open in {place}.", "Votre table est ouverte dans {place}."),
    # /mahjong config and /mahjong mentions (bot/commands/config.py, bot/guild_config.py)
    "config_title": ("Settings for new tables on this server:", "Réglages des nouvelles tables de ce serveur :"),
    "config_rules": ("Rules: {rules} · Speed: {speed}", "Règles : {rules} · Rythme : {speed}"),
    "config_deadlines": ("Turn: {turn} · Claim window: {claim}", "Tour : {turn} · Fenêtre de prise : {claim}"),
    "config_speed_own": ("the speed's own", "celle du rythme"),
    "config_rules_own": ("the rules' own", "celle des règles"),
    "config_options": (
        "Length: {length} · Computers: {level} · Hong Kong minimum: {minimum} · Hints: {hints}"
        " · Hidden claim windows: {hide_claims} · Seven pairs: {seven_pairs}",
        "Durée : {length} · Ordinateurs : {level} · Minimum Hong Kong : {minimum} · Conseils : {hints}"
        " · Fenêtres de prise cachées : {hide_claims} · Sept paires : {seven_pairs}",
    ),
    "config_ranked_after": (
        "Leaderboard: members are ranked after {hands} hands of a rule set.",
        "Classement : un membre est classé après {hands} mains d'une règle.",
    ),
    "config_idle": (
        "An open table nobody plays at is closed after {idle}.",
        "Une table ouverte où personne ne joue est fermée après {idle}.",
    ),
    "config_on": ("on", "oui"),
    "config_off": ("off", "non"),
    "config_channels": ("Tables may open in: {channels}", "Les tables s'ouvrent dans : {channels}"),
    "config_anywhere": ("any channel", "n'importe quel salon"),
    "config_computers_on": ("Computer seats: allowed", "Places ordinateur : autorisées"),
    "config_computers_off": ("Computer seats: not allowed", "Places ordinateur : interdites"),
    "config_mentions_on": (
        "Turn mentions: on (each member can opt out with /mahjong mentions)",
        "Mentions de tour : activées (chacun peut les refuser avec /mahjong mentions)",
    ),
    "config_mentions_off": ("Turn mentions: off", "Mentions de tour : désactivées"),
    "config_lang": ("Language of public messages: {language}", "Langue des messages publics : {language}"),
    "config_lang_en": ("English", "anglais"),
    "config_lang_fr": ("French", "français"),
    "config_lang_auto": ("the server's locale", "celle du serveur"),
    "config_saved": ("Saved.", "Enregistré."),
    "config_manage_only": (
        "Only members with the Manage Server permission can change these settings.",
        "Seuls les membres ayant la permission Gérer le serveur peuvent changer ces réglages.",
    ),
    "config_out_of_range": (
        "{option} must be between {low} and {high}, not {value}. Nothing was changed.",
        "{option} doit être entre {low} et {high}, pas {value}. Rien n'a été changé.",
    ),
    "config_bad_choice": (
        "{option} must be one of {choices}, not {value}. Nothing was changed.",
        "{option} doit être l'un de {choices}, pas {value}. Rien n'a été changé.",
    ),
    "config_too_many_channels": (
        "At most {limit} channels can be listed: clear the list first. Nothing was changed.",
        "Au plus {limit} salons peuvent être listés : videz d'abord la liste. Rien n'a été changé.",
    ),
    "config_invalid": ("{detail}. Nothing was changed.", "{detail}. Rien n'a été changé."),
    "config_not_text_channel": (
        "Tables open in a text channel of this server: pick one. Nothing was changed.",
        "Les tables s'ouvrent dans un salon textuel de ce serveur : choisissez-en un. Rien n'a été changé.",
    ),
    "config_store_down": (
        "The bot cannot reach its settings right now: try again in a moment. Nothing was changed.",
        "Le bot ne joint pas ses réglages : réessayez dans un instant. Rien n'a été changé.",
    ),
    "channel_not_allowed": (
        "Tables on this server open in {channels} only.",
        "Sur ce serveur, les tables s'ouvrent seulement dans {channels}.",
    ),
    "computers_not_allowed": (
        "Computer seats are not allowed on this server.",
        "Les places ordinateur ne sont pas autorisées sur ce serveur.",
    ),
    "mentions_on": (
        "You will be mentioned when a table waits for you.",
        "Vous serez mentionné quand une table vous attend.",
    ),
    "mentions_off": (
        "You will not be mentioned at tables on this server.",
        "Vous ne serez plus mentionné aux tables de ce serveur.",
    ),
    # buttons
    "btn_join": ("Join", "Rejoindre"),
    "btn_leave": ("Leave", "Quitter"),
    "btn_addcpu": ("Add computer", "Ajouter un ordinateur"),
    "btn_start": ("Start", "Commencer"),
    "btn_cancel": ("Cancel", "Annuler"),
    "btn_hand": ("My hand", "Ma main"),
    "btn_claim": ("Claim", "Prendre"),
    "btn_rules": ("Rules", "Règles"),
    "btn_next": ("Next hand", "Main suivante"),
    "btn_back": ("I'm back", "Je suis là"),
    "btn_detail": ("Details in my language", "Détails dans ma langue"),
    "btn_pass": ("Pass", "Passer"),
    "btn_win": ("Mahjong", "Mahjong"),
    "btn_call": ("Call (one tile away)", "Annoncer"),
    "btn_hint": ("Hint", "Conseil"),
    "btn_auto_win": ("Auto-win", "Mahjong auto"),
    "btn_no_calls": ("No calls", "Sans prises"),
    "btn_auto_discard": ("Auto-discard", "Rejet auto"),
    "btn_kong": ("Kong {tile}", "Kong {tile}"),
    "btn_pung": ("Pung {tile}", "Pung {tile}"),
    "btn_claim_kong": ("Kong {tile}", "Kong {tile}"),
    "btn_chow": ("Chow {tiles}", "Chow {tiles}"),
    # the table message
    "table_hand": (
        "Hand {number} · prevailing wind {wind} · {wall} tiles left in the wall",
        "Main {number} · vent dominant {wind} · {wall} tuiles dans le mur",
    ),
    "table_turn": ("{name} ({wind}) to play", "À {name} ({wind}) de jouer"),
    "table_deadline": ("deadline {when}", "limite {when}"),
    "table_claim_window": (
        "{tile} discarded by {name}: claims are open",
        "{tile} jeté par {name} : on peut le prendre",
    ),
    "table_rob_window": (
        "{name} adds {tile} to a kong: it may be robbed",
        "{name} ajoute {tile} à un kong : on peut le voler",
    ),
    "table_last_discard": ("Last discard: {tile} by {name}", "Dernière défausse : {tile} par {name}"),
    "table_away": (
        "a computer plays for {names} until they press I'm back",
        "un ordinateur joue pour {names} jusqu'à ce qu'ils appuient sur Je suis là",
    ),
    "table_commitment": ("Wall commitment (SHA-256): `{digest}`", "Engagement du mur (SHA-256) : `{digest}`"),
    "table_between": (
        "Hand over. The next hand starts {when}, or press Next hand.",
        "Main terminée. La suivante commence {when}, ou appuyez sur Main suivante.",
    ),
    "table_over": ("The match is over.", "La partie est terminée."),
    "table_closed_idle": (
        "This table was closed: nobody played at it for {idle}.",
        "Cette table a été fermée : personne n'y a joué depuis {idle}.",
    ),
    "closed_recorded": (
        "The match is recorded as closed after {hands} finished hands: {totals}",
        "La partie est enregistrée comme fermée après {hands} mains terminées : {totals}",
    ),
    "table_closed": (
        "This table was closed for inactivity: open a new one with /mahjong new.",
        "Cette table a été fermée faute de joueurs : ouvrez-en une autre avec /mahjong new.",
    ),
    "turn_mention": (
        "{member}, it is your turn at this table (deadline {when}).",
        "{member}, c'est à vous de jouer à cette table (limite {when}).",
    ),
    "claim_mention": (
        "A discard at your table in {place} can be claimed until {when}: press Claim there.",
        "Une défausse de votre table dans {place} peut être prise jusqu'à {when} : appuyez sur Prendre.",
    ),
    # a player's own hand
    "hand_your_turn": ("Your turn: discard a tile (deadline {when}).", "À vous : jetez une tuile (limite {when})."),
    "hand_claim": (
        "{tile} was discarded by {name}: claim it or pass (until {when}).",
        "{tile} a été jeté par {name} : prenez-le ou passez (jusqu'à {when}).",
    ),
    "hand_rob": (
        "{name} adds {tile} to a kong: rob it for mahjong or pass (until {when}).",
        "{name} ajoute {tile} à un kong : volez-le pour faire mahjong ou passez (jusqu'à {when}).",
    ),
    "hand_bank": (
        "The deadline includes your time bank: {seconds} s left for this hand.",
        "La limite compte votre réserve de temps : {seconds} s pour cette main.",
    ),
    "hand_waiting": ("Waiting for {names}.", "En attente de {names}."),
    "hand_answered": (
        "You answered: the window closes when everyone has.",
        "Vous avez répondu : la fenêtre se ferme quand tous l'auront fait.",
    ),
    "hand_away": (
        "A computer is playing your seat. Press I'm back to play again.",
        "Un ordinateur joue à votre place. Appuyez sur Je suis là pour reprendre.",
    ),
    "hand_over": ("The hand is over.", "La main est terminée."),
    "hand_hint": ("Hint: discard {tile}. {reason}", "Conseil : jetez {tile}. {reason}"),
    "no_hints": ("Hints are off at this table.", "Les conseils sont désactivés à cette table."),
    # results
    "result_won": ("{winner} wins hand {number}{how}.", "{winner} gagne la main {number}{how}."),
    "result_self_drawn": (" on a self-drawn tile", " sur une tuile piochée"),
    "result_from": (" on {name}'s discard", " sur la défausse de {name}"),
    "result_drawn": (
        "Hand {number} is drawn: the wall ran out. The dealer keeps the deal.",
        "La main {number} est nulle : le mur est épuisé. Le donneur garde la main.",
    ),
    "result_score": ("Score: {score}", "Score : {score}"),
    "result_fan": ("{fan} fan", "{fan} fan"),
    "result_totals": ("Totals: {totals}", "Totaux : {totals}"),
    "result_seed": ("Seed {seed} — check the wall: `{command}`", "Graine {seed} — vérifiez le mur : `{command}`"),
    "match_over": ("Match over. Final standings: {standings}", "Partie terminée. Classement : {standings}"),
    # leaderboard, stats and history (bot/reports.py)
    "lb_title": ("**Leaderboard — {rules} · {period}**", "**Classement — {rules} · {period}**"),
    "lb_all_time": ("all time", "depuis toujours"),
    "lb_month": ("month of {month}", "mois de {month}"),
    "lb_header": (
        "At least {min} hands to be ranked · {count} ranked · page {page}/{pages}",
        "Au moins {min} mains pour être classé · {count} classés · page {page}/{pages}",
    ),
    "lb_line": (
        "{rank}. {name} — {net} ({per_hand} per hand) · {wins} wins in {hands} hands",
        "{rank}. {name} — {net} ({per_hand} par main) · {wins} victoires en {hands} mains",
    ),
    "lb_empty": (
        "Nobody is ranked yet: play {min} hands of these rules to appear here.",
        "Personne n'est encore classé : jouez {min} mains de ces règles pour apparaître ici.",
    ),
    "lb_you": (
        "{name}: rank {rank} of {count} · {net} in {hands} hands",
        "{name} : rang {rank} sur {count} · {net} en {hands} mains",
    ),
    "lb_unranked": (
        "Not yet ranked (fewer than {min} hands, hands played): {names}",
        "Pas encore classés (moins de {min} mains, mains jouées) : {names}",
    ),
    "lb_you_unranked": (
        "{name}: not ranked yet, {hands} of the {min} hands needed.",
        "{name} : pas encore classé, {hands} mains sur les {min} nécessaires.",
    ),
    "lb_page_out": (
        "There is no page {page}: this leaderboard has {pages} page(s). Nothing was posted.",
        "Il n'y a pas de page {page} : ce classement a {pages} page(s). Rien n'a été publié.",
    ),
    "lb_bad_button": (
        "That leaderboard button is not valid (its rules, month or page).",
        "Ce bouton de classement n'est pas valide (règles, mois ou page).",
    ),
    "btn_previous": ("Previous", "Précédent"),
    "btn_next_page": ("Next", "Suivant"),
    "stats_title": ("**{name}** — statistics on this server", "**{name}** — statistiques sur ce serveur"),
    "stats_rules": (
        "__{rules}__: {hands} hands · {wins} wins ({rate}) · {deal_ins} deal-ins · {per_hand} per hand ({net} in all)",
        "__{rules}__ : {hands} mains · {wins} victoires ({rate}) · {deal_ins} défausses fatales · "
        "{per_hand} par main ({net} au total)",
    ),
    "stats_best": ("Best hand: {value}{fan}, {when}", "Meilleure main : {value}{fan}, {when}"),
    "stats_patterns": ("Most frequent patterns: {patterns}", "Motifs les plus fréquents : {patterns}"),
    "stats_none": (
        "{name} has no hands recorded on this server.",
        "{name} n'a aucune main enregistrée sur ce serveur.",
    ),
    "stats_not_member": ("That is not a member of this server.", "Ce n'est pas un membre de ce serveur."),
    "history_title": ("**{name}** — last matches", "**{name}** — dernières parties"),
    "history_line": (
        "{when} · {rules} · {hands} hands · place {place} of {seats} · {total}{closed} — with {others}",
        "{when} · {rules} · {hands} mains · place {place} sur {seats} · {total}{closed} — avec {others}",
    ),
    "history_closed": (" (closed early)", " (fermée avant la fin)"),
    "history_none": (
        "{name} has no finished matches on this server yet.",
        "{name} n'a encore aucune partie terminée sur ce serveur.",
    ),
    "reports_unavailable": (
        "The ledger cannot be read right now: try again in a moment.",
        "Le registre ne peut pas être lu pour l'instant : réessayez dans un instant.",
    ),
    # /mahjong replay (bot/replay.py, bot/commands/replay.py)
    "replay_head": ("Hand {number} · step {step}/{steps} · {what}", "Main {number} · étape {step}/{steps} · {what}"),
    "replay_deal": ("the deal", "la donne"),
    "replay_discard": ("{name} discards {tile}", "{name} jette {tile}"),
    "replay_claim": ("{name} claims the discard for a {kind}", "{name} prend la défausse pour un {kind}"),
    "replay_kong": ("{name} declares a kong of {tile}", "{name} déclare un kong de {tile}"),
    "replay_call": ("{name} announces one tile from winning", "{name} annonce être à une tuile du mahjong"),
    "replay_won": ("Mahjong! {name} wins{how}", "Mah-Jong ! {name} gagne{how}"),
    "replay_drawn": ("drawn: the wall ran out", "main nulle : le mur est épuisé"),
    "replay_bad_step": (
        "There is no step {step}: this hand has {steps} steps.",
        "Il n'y a pas d'étape {step} : cette main a {steps} étapes.",
    ),
    "replay_bad_record": (
        "That hand's record cannot be replayed.",
        "L'enregistrement de cette main ne peut pas être rejoué.",
    ),
    "replay_unknown": (
        "There is no hand `{hand}` on this server: `/mahjong history` shows the hand ids.",
        "Il n'y a pas de main `{hand}` sur ce serveur : `/mahjong historique` montre les numéros des mains.",
    ),
    "replay_bad_button": ("That replay button is not valid.", "Ce bouton de rejeu n'est pas valide."),
    "history_hands": (
        " · hands `{first}` to `{last}` (`/mahjong replay`)",
        " · mains `{first}` à `{last}` (`/mahjong rejouer`)",
    ),
    # solitaire (bot/solitaire/, bot/commands/solitaire.py)
    "sol_covered": ("{tile} is not free: {by} lies on it.", "{tile} n'est pas libre : {by} est posée dessus."),
    "sol_hemmed": (
        "{tile} is not free: {by} close it in on both sides.",
        "{tile} n'est pas libre : {by} la bloquent des deux côtés.",
    ),
    "sol_no_tile": (
        "There is no tile {tile}: tiles go from 0 to {last}.",
        "Il n'y a pas de tuile {tile} : elles vont de 0 à {last}.",
    ),
    "sol_same_tile": ("A tile cannot be paired with itself ({tile}).", "Une tuile ne va pas avec elle-même ({tile})."),
    "sol_gone": ("{tile} has already been removed.", "{tile} a déjà été retirée."),
    "sol_no_match": ("{a} and {b} do not match.", "{a} et {b} ne vont pas ensemble."),
    "sol_other_game": (
        "That board belongs to another of your games: /solitaire daily or /solitaire free shows the current one.",
        "Ce plateau est celui d'une autre de vos parties : /solitaire quotidien ou /solitaire libre "
        "montre la partie en cours.",
    ),
    "sol_stale": (
        "That menu is no longer current: your game has moved on. The message now shows where it stands.",
        "Ce menu n'est plus à jour : votre partie a avancé. Le message montre maintenant où elle en est.",
    ),
    "sol_over": ("This game is over.", "Cette partie est terminée."),
    "sol_paused": (
        "The game is paused: press Resume first.",
        "La partie est en pause : appuyez d'abord sur Reprendre.",
    ),
    "sol_nothing_to_undo": ("There is no pair to undo.", "Il n'y a pas de paire à annuler."),
    "sol_already_paused": ("The game is already paused.", "La partie est déjà en pause."),
    "sol_not_paused": ("The game is not paused.", "La partie n'est pas en pause."),
    "sol_not_here": ("That button does nothing here.", "Ce bouton ne fait rien ici."),
    "sol_not_legal": ("That move is not allowed: {reason}.", "Ce coup n'est pas permis : {reason}."),
    "sol_bad_value": (
        "That choice is not a pair of tiles of this board.",
        "Ce choix n'est pas une paire de tuiles de ce plateau.",
    ),
    "sol_no_game": (
        "You have no game of that kind open: start one with /solitaire daily or /solitaire free.",
        "Vous n'avez pas de partie de ce genre en cours : lancez-en une avec /solitaire quotidien ou /solitaire libre.",
    ),
    "sol_busy": ("Your game is busy: try again in a moment.", "Votre partie est occupée : réessayez dans un instant."),
    "sol_free_open": (
        "You have a free game of deal {seed} open: finish it first (Finish, twice), or go on with /solitaire free.",
        "Vous avez une partie libre de la donne {seed} en cours : terminez-la d'abord (Terminer, deux "
        "fois), ou continuez-la avec /solitaire libre.",
    ),
    "sol_not_yours": (
        "That game belongs to another member: start your own with /solitaire daily.",
        "Cette partie appartient à un autre membre : lancez la vôtre avec /solitaire quotidien.",
    ),
    "sol_store_down": (
        "The bot cannot reach its game store right now: try again in a moment. Nothing was played.",
        "Le bot ne joint pas sa mémoire de jeu : réessayez dans un instant. Rien n'a été joué.",
    ),
    "sol_internal": (
        "Something went wrong on the bot's side: /solitaire daily or /solitaire free shows your game.",
        "Le bot a rencontré un problème : /solitaire quotidien ou /solitaire libre montre votre partie.",
    ),
    "sol_guild_only": ("The solitaire is played on a server.", "Le solitaire se joue sur un serveur."),
    "sol_title_daily": ("Daily solitaire {day}", "Solitaire du jour {day}"),
    "sol_title_free": ("Free solitaire, deal {seed}", "Solitaire libre, donne {seed}"),
    "sol_status": (
        "{pairs}/{total} pairs · {undos} undos · {time} · score now {score}",
        "{pairs}/{total} paires · {undos} annulations · {time} · score actuel {score}",
    ),
    "sol_how": (
        "Choose a pair in the menu: only free tiles can go (nothing on them, and their left or right side "
        "open). The clock stops on Pause, and by itself after {minutes} min without a move.",
        "Choisissez une paire dans le menu : seules les tuiles libres partent (rien dessus, côté gauche ou "
        "droit dégagé). Le chrono s'arrête sur Pause, et tout seul après {minutes} min sans coup.",
    ),
    "sol_pick": (
        "Remove a pair: {faces} ({first}–{last} of {count})",
        "Retirer une paire : {faces} ({first}–{last} sur {count})",
    ),
    "sol_paused_view": (
        "⏸ Paused: the board is hidden and the clock is stopped.",
        "⏸ En pause : le plateau est caché et le chrono arrêté.",
    ),
    "sol_removed": ("Removed {a} + {b}.", "{a} + {b} retirées."),
    "sol_undone": ("The last pair is back (−20).", "La dernière paire est revenue (−20)."),
    "sol_continued": ("Your game goes on where you left it.", "Votre partie reprend où vous l'aviez laissée."),
    "sol_finish_armed": (
        "Press Finish again to end the game with {score} points.",
        "Appuyez encore sur Terminer pour finir la partie avec {score} points.",
    ),
    "sol_lost_cause": (
        "The solver proved that this board can no longer be cleared: undo, or finish.",
        "Le solveur a prouvé que ce plateau ne peut plus être vidé : annulez, ou terminez.",
    ),
    "sol_hint": (
        "Hint: {a} + {b} ({face}) keeps the board clearable.",
        "Conseil : {a} + {b} ({face}) garde le plateau faisable.",
    ),
    "sol_hint_none": (
        "Hint: this board can no longer be cleared, whatever the order (undo, or finish).",
        "Conseil : ce plateau ne peut plus être vidé, quel que soit l'ordre (annulez, ou terminez).",
    ),
    "sol_hint_unknown": (
        "Hint: unknown — the solver found no answer in its time budget.",
        "Conseil : inconnu — le solveur n'a pas trouvé de réponse dans le temps imparti.",
    ),
    "sol_no_hint_daily": (
        "Hints are for free play: the daily deal is the same challenge for everyone.",
        "Les conseils sont pour le jeu libre : la donne du jour est le même défi pour tous.",
    ),
    "sol_btn_undo": ("Undo", "Annuler"),
    "sol_btn_pause": ("Pause", "Pause"),
    "sol_btn_resume": ("Resume", "Reprendre"),
    "sol_btn_finish": ("Finish", "Terminer"),
    "sol_btn_finish_sure": ("Finish: sure?", "Terminer : sûr ?"),
    "sol_btn_hint": ("Hint", "Conseil"),
    "sol_btn_more": ("More pairs ({page}/{pages})", "Autres paires ({page}/{pages})"),
    "sol_btn_again_daily": ("Play today's deal again", "Rejouer la donne du jour"),
    "sol_btn_again_free": ("New free deal", "Nouvelle donne libre"),
    "sol_btn_play": ("Play", "Jouer"),
    "sol_end_cleared": ("🎉 Board cleared!", "🎉 Plateau vidé !"),
    "sol_end_stuck": ("No pair is left: the game is over.", "Plus aucune paire : la partie est terminée."),
    "sol_end_finished": ("Game finished.", "Partie terminée."),
    "sol_result": (
        "{pairs} pairs · {undos} undos · {time} → **{score}** points",
        "{pairs} paires · {undos} annulations · {time} → **{score}** points",
    ),
    "sol_counted_daily": (
        "Your best of the UTC day counts on this server's daily leaderboard.",
        "Votre meilleur score de la journée UTC compte au classement du jour de ce serveur.",
    ),
    "sol_counted_free": (
        "Your best free game counts on this server's free-play leaderboard.",
        "Votre meilleure partie libre compte au classement libre de ce serveur.",
    ),
    "sol_lb_daily": ("Daily solitaire leaderboard, {day}", "Classement du solitaire du jour, {day}"),
    "sol_lb_free": ("Free solitaire leaderboard", "Classement du solitaire libre"),
    "sol_lb_header": ("{count} ranked · page {page}/{pages}", "{count} classés · page {page}/{pages}"),
    "sol_lb_line": ("{rank}. {name} — {score} ({time}){cleared}", "{rank}. {name} — {score} ({time}){cleared}"),
    "sol_lb_empty": ("No score yet.", "Aucun score pour l'instant."),
    "sol_lb_you": ("{name}: rank {rank} of {count} · {score}", "{name} : rang {rank} sur {count} · {score}"),
    "sol_lb_you_unranked": ("{name}: not ranked yet.", "{name} : pas encore classé."),
    "sol_lb_bad_date": (
        "A date is written YYYY-MM-DD, and must not be in the future: {date}.",
        "Une date s'écrit AAAA-MM-JJ, et ne peut pas être dans le futur : {date}.",
    ),
    "sol_lb_no_date": ("The free-play leaderboard has no date.", "Le classement libre n'a pas de date."),
    "sol_lb_page_out": (
        "There is no page {page}: this leaderboard has {pages} page(s).",
        "Il n'y a pas de page {page} : ce classement a {pages} page(s).",
    ),
    "sol_stats_title": ("**{name}** — solitaire on this server", "**{name}** — solitaire sur ce serveur"),
    "sol_stats_games": (
        "{games} games · {clears} cleared · average time of a clear {average}",
        "{games} parties · {clears} plateaux vidés · temps moyen d'un plateau vidé {average}",
    ),
    "sol_stats_best": (
        "Best daily: {daily} · best free: {free}",
        "Meilleur du jour : {daily} · meilleur libre : {free}",
    ),
    "sol_stats_streak": ("Daily streak: {streak} day(s) in a row", "Série : {streak} jour(s) d'affilée"),
    "sol_stats_none": (
        "{name} has not finished a solitaire game on this server yet.",
        "{name} n'a encore fini aucune partie de solitaire sur ce serveur.",
    ),
    "sol_post_title": (
        "🀄 **Daily solitaire {day}** — the new deal is here.",
        "🀄 **Solitaire du jour {day}** — la nouvelle donne est là.",
    ),
    "sol_post_how": (
        "Press Play: your game opens privately, and your best score of the day counts.",
        "Appuyez sur Jouer : votre partie s'ouvre en privé, et votre meilleur score du jour compte.",
    ),
    "sol_post_podium": ("Podium of {day}:", "Podium du {day} :"),
    "sol_post_nobody": ("Nobody scored on the deal of {day}.", "Personne n'a marqué sur la donne du {day}."),
    "sol_config_manage_only": (
        "Only members who can manage the server can change its solitaire settings.",
        "Seuls les membres qui gèrent le serveur peuvent changer ses réglages du solitaire.",
    ),
    "sol_config_channel": (
        "The daily deal is posted in {channel} at 00:00 UTC.",
        "La donne du jour est publiée dans {channel} à 00:00 UTC.",
    ),
    "sol_config_no_channel": (
        "No daily post: choose a channel with /solitaire config channel.",
        "Pas de publication quotidienne : choisissez un salon avec /solitaire reglages salon.",
    ),
    "sol_config_saved": (
        "Saved. Today's deal is posted there in a moment if it was not yet.",
        "Enregistré. La donne du jour y est publiée dans un instant si elle ne l'était pas.",
    ),
    "sol_config_stopped": ("Saved: no more daily posts.", "Enregistré : plus de publication quotidienne."),
    "sol_config_not_text": ("Choose a text channel of this server.", "Choisissez un salon textuel de ce serveur."),
    "sol_name_set": (
        "On this server's solitaire leaderboards you are now shown as **{name}**.",
        "Aux classements du solitaire de ce serveur, vous apparaissez maintenant comme **{name}**.",
    ),
    "sol_name_cleared": (
        "You are shown by your server display name again.",
        "Vous apparaissez de nouveau sous votre nom sur le serveur.",
    ),
    "sol_name_bad": (
        "A pseudonym is 2 to 32 letters or digits (words joined by a space, ' . - or _).",
        "Un pseudo fait 2 à 32 lettres ou chiffres (mots reliés par une espace, ' . - ou _).",
    ),
    "sol_ledger_down": (
        "The solitaire ledger cannot be read right now: try again in a moment.",
        "Le registre du solitaire ne peut pas être lu pour l'instant : réessayez dans un instant.",
    ),
    # rules
    "rules_summary": (
        "**{rules}** · {players} players · {length}{options}\nTurn: {turn} · claim window: {claim}",
        "**{rules}** · {players} joueurs · {length}{options}\nTour : {turn} · fenêtre de prise : {claim}",
    ),
}

RULE_NAMES: dict[str, tuple[str, str]] = {
    "classic": ("Classic", "Classique"),
    "hongkong": ("Hong Kong", "Hong Kong"),
    "family": ("Family", "Familiale"),
}
LENGTH_NAMES: dict[str, tuple[str, str]] = {
    "one_hand": ("one hand", "une main"),
    "one_wind": ("one wind round", "un tour de vent"),
    "four_winds": ("four wind rounds", "quatre tours de vent"),
}
SPEED_NAMES: dict[str, tuple[str, str]] = {"live": ("live", "en direct"), "async": ("asynchronous", "asynchrone")}
OPTION_NAMES: dict[str, tuple[str, str]] = {
    "jokers": ("jokers", "jokers"),
    "open_hands": ("open hands", "mains ouvertes"),
    "calling_rule": ("calling rule", "annonce obligatoire"),
    "seven_pairs": ("seven pairs", "sept paires"),
    "hints": ("hints", "conseils"),
    "hide_claims": ("hidden claim windows", "fenêtres de prise cachées"),
    "learners": ("learners' table: claims wait for you", "table d'apprentissage : les prises vous attendent"),
}
WIND_NAMES: dict[str, tuple[str, str]] = {
    "1z": ("East", "Est"),
    "2z": ("South", "Sud"),
    "3z": ("West", "Ouest"),
    "4z": ("North", "Nord"),
}


def duration(seconds: float) -> str:
    """A wait as people write it: ``15 s``, ``1 min``, ``12 h`` (the same in both languages)."""
    if seconds >= 3600:
        return f"{seconds / 3600:g} h"
    if seconds >= 60:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def lang_of(locale: object) -> Lang:
    """French for every French Discord locale (``fr``), English otherwise."""
    return "fr" if str(locale).lower().startswith("fr") else "en"


def pick(pair: tuple[str, str], lang: Lang) -> str:
    return pair[1] if lang == "fr" else pair[0]


def say(key: str, lang: Lang, **params: Any) -> str:
    """The message ``key`` in ``lang``, filled with ``params`` (a refusal's engine reason included)."""
    if "reason_en" in params:
        params["reason"] = params["reason_fr"] if lang == "fr" else params["reason_en"]
    template = pick(MESSAGES[key], lang) if key in MESSAGES else key
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template
