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
    "host_cannot_leave": ("The host cannot leave: cancel the table instead.",
                          "L'hôte ne peut pas partir : annulez plutôt la table."),
    "host_only": ("Only the host of the table can do that.", "Seul l'hôte de la table peut faire cela."),
    "table_not_full": ("The table needs {players} seats filled to start.",
                       "Il faut {players} places occupées pour commencer."),
    "not_in_lobby": ("This table has already started or closed.", "Cette table a déjà commencé ou est fermée."),
    "not_seated": ("You are not playing at this table: you can watch it, and open your own with /mahjong new.",
                   "Vous ne jouez pas à cette table : vous pouvez la regarder, et ouvrir la vôtre avec /mahjong new."),
    "stale": ("That button is no longer current: the table has moved on. Press My hand for a fresh view.",
              "Ce bouton n'est plus à jour : la partie a avancé. Appuyez sur Ma main pour une vue à jour."),
    "unknown_button": ("That button is not one of this bot's.", "Ce bouton n'est pas un bouton de ce bot."),
    "not_your_turn": ("It is not your turn.", "Ce n'est pas votre tour."),
    "no_such_tile": ("That tile is not in your hand.", "Cette tuile n'est pas dans votre main."),
    "win_refused": ("Mahjong is not allowed: {reason}.", "Mahjong refusé : {reason}."),
    "not_legal": ("That move is not allowed now.", "Ce coup n'est pas permis maintenant."),
    "not_away": ("You are already playing your seat.", "Vous jouez déjà votre place."),
    "no_table": ("This table no longer exists.", "Cette table n'existe plus."),
    "busy": ("The table is busy: try again in a moment.", "La table est occupée : réessayez dans un instant."),
    "store_down": ("The bot cannot reach its game store right now: try again in a moment. Nothing was played.",
                   "Le bot ne joint pas sa mémoire de jeu : réessayez dans un instant. Rien n'a été joué."),
    "broken_table": ("This table's saved state is damaged and cannot be played.",
                     "L'état enregistré de cette table est abîmé : elle ne peut plus être jouée."),
    "no_claim": ("You have nothing to claim on this tile.", "Vous ne pouvez rien prendre sur cette tuile."),
    "not_your_message": ("That message belongs to another member.", "Ce message appartient à un autre membre."),
    "internal_error": ("Something went wrong on the bot's side. Press My hand to see where the table stands.",
                       "Le bot a rencontré un problème. Appuyez sur Ma main pour voir où en est la table."),
    "old_result": ("Only the latest hand's result can be shown again; this one is in the message above.",
                   "Seul le résultat de la dernière main peut être réaffiché ; celui-ci est dans le message."),
    "claims_open": ("Claims on the last discard are still open: you play when the window closes.",
                    "On peut encore prendre la dernière défausse : vous jouez quand la fenêtre se ferme."),
    "hand_held": ("Claims on {tile} are open until {when}: you play after.",
                  "On peut prendre {tile} jusqu'à {when} : vous jouez ensuite."),
    "no_hand_yet": ("The hand has not started yet.", "La main n'a pas encore commencé."),
    "wrong_guild": ("That button belongs to a table on another server.",
                    "Ce bouton appartient à une table d'un autre serveur."),
    "no_threads_here": ("Tables open in a server's text channel.", "Les tables s'ouvrent dans un salon d'un serveur."),
    "bad_option": ("{detail}", "{detail}"),
    "option_jokers": ("Jokers are an option of the classic rules only.",
                      "Les jokers ne sont une option que des règles classiques."),
    "option_calling": ("The family game has no calling rule.", "La version familiale n'a pas d'annonce."),
    "option_minimum": ("A minimum in fan belongs to the Hong Kong rules.",
                       "Un minimum en fan n'existe qu'aux règles de Hong Kong."),
    "no_permission": ("I cannot post here: I need to view the channel, send messages, create public threads "
                      "and attach files.",
                      "Je ne peux pas écrire ici : il me faut voir le salon, envoyer des messages, créer des fils "
                      "publics et joindre des fichiers."),
    # lobby
    "lobby_title": ("Mahjong table — {rules}", "Table de mahjong — {rules}"),
    "lobby_open": ("{host} opened a table. Join with the buttons below.",
                   "{host} a ouvert une table. Rejoignez-la avec les boutons ci-dessous."),
    "lobby_settings": ("Rules: {rules} · Length: {length} · Speed: {speed}{options}",
                       "Règles : {rules} · Durée : {length} · Rythme : {speed}{options}"),
    "lobby_seats": ("Seats ({filled}/{players}):", "Places ({filled}/{players}) :"),
    "lobby_empty_seat": ("— free —", "— libre —"),
    "lobby_first": ("Who starts (the host picks; seed 000 says the youngest): {name}",
                    "Qui commence (l'hôte choisit ; la règle dit le plus jeune) : {name}"),
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
    "config_channels": ("Tables may open in: {channels}", "Les tables s'ouvrent dans : {channels}"),
    "config_anywhere": ("any channel", "n'importe quel salon"),
    "config_computers_on": ("Computer seats: allowed", "Places ordinateur : autorisées"),
    "config_computers_off": ("Computer seats: not allowed", "Places ordinateur : interdites"),
    "config_mentions_on": ("Turn mentions: on (each member can opt out with /mahjong mentions)",
                           "Mentions de tour : activées (chacun peut les refuser avec /mahjong mentions)"),
    "config_mentions_off": ("Turn mentions: off", "Mentions de tour : désactivées"),
    "config_lang": ("Language of public messages: {language}", "Langue des messages publics : {language}"),
    "config_lang_en": ("English", "anglais"),
    "config_lang_fr": ("French", "français"),
    "config_lang_auto": ("the server's locale", "celle du serveur"),
    "config_saved": ("Saved.", "Enregistré."),
    "config_manage_only": ("Only members with the Manage Server permission can change these settings.",
                           "Seuls les membres ayant la permission Gérer le serveur peuvent changer ces réglages."),
    "config_out_of_range": ("{option} must be between {low} and {high}, not {value}. Nothing was changed.",
                            "{option} doit être entre {low} et {high}, pas {value}. Rien n'a été changé."),
    "config_bad_choice": ("{option} must be one of {choices}, not {value}. Nothing was changed.",
                          "{option} doit être l'un de {choices}, pas {value}. Rien n'a été changé."),
    "config_too_many_channels": ("At most {limit} channels can be listed: clear the list first. Nothing was changed.",
                                 "Au plus {limit} salons peuvent être listés : videz d'abord la liste. "
                                 "Rien n'a été changé."),
    "config_invalid": ("{detail}. Nothing was changed.", "{detail}. Rien n'a été changé."),
    "config_not_text_channel": ("Tables open in a text channel of this server: pick one. Nothing was changed.",
                                "Les tables s'ouvrent dans un salon textuel de ce serveur : choisissez-en un. "
                                "Rien n'a été changé."),
    "config_store_down": ("The bot cannot reach its settings right now: try again in a moment. Nothing was changed.",
                          "Le bot ne joint pas ses réglages : réessayez dans un instant. Rien n'a été changé."),
    "channel_not_allowed": ("Tables on this server open in {channels} only.",
                            "Sur ce serveur, les tables s'ouvrent seulement dans {channels}."),
    "computers_not_allowed": ("Computer seats are not allowed on this server.",
                              "Les places ordinateur ne sont pas autorisées sur ce serveur."),
    "mentions_on": ("You will be mentioned when a table waits for you.",
                    "Vous serez mentionné quand une table vous attend."),
    "mentions_off": ("You will not be mentioned at tables on this server.",
                     "Vous ne serez plus mentionné aux tables de ce serveur."),
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
    "btn_kong": ("Kong {tile}", "Kong {tile}"),
    "btn_pung": ("Pung {tile}", "Pung {tile}"),
    "btn_claim_kong": ("Kong {tile}", "Kong {tile}"),
    "btn_chow": ("Chow {tiles}", "Chow {tiles}"),
    # the table message
    "table_hand": ("Hand {number} · prevailing wind {wind} · {wall} tiles left in the wall",
                   "Main {number} · vent dominant {wind} · {wall} tuiles dans le mur"),
    "table_turn": ("{name} ({wind}) to play", "À {name} ({wind}) de jouer"),
    "table_deadline": ("deadline {when}", "limite {when}"),
    "table_claim_window": ("{tile} discarded by {name}: claims are open",
                           "{tile} jeté par {name} : on peut le prendre"),
    "table_rob_window": ("{name} adds {tile} to a kong: it may be robbed",
                         "{name} ajoute {tile} à un kong : on peut le voler"),
    "table_last_discard": ("Last discard: {tile} by {name}", "Dernière défausse : {tile} par {name}"),
    "table_away": ("a computer plays for {names} until they press I'm back",
                   "un ordinateur joue pour {names} jusqu'à ce qu'ils appuient sur Je suis là"),
    "table_commitment": ("Wall commitment (SHA-256): `{digest}`", "Engagement du mur (SHA-256) : `{digest}`"),
    "table_between": ("Hand over. The next hand starts {when}, or press Next hand.",
                      "Main terminée. La suivante commence {when}, ou appuyez sur Main suivante."),
    "table_over": ("The match is over.", "La partie est terminée."),
    # a player's own hand
    "hand_your_turn": ("Your turn: discard a tile (deadline {when}).", "À vous : jetez une tuile (limite {when})."),
    "hand_claim": ("{tile} was discarded by {name}: claim it or pass (until {when}).",
                   "{tile} a été jeté par {name} : prenez-le ou passez (jusqu'à {when})."),
    "hand_rob": ("{name} adds {tile} to a kong: rob it for mahjong or pass (until {when}).",
                 "{name} ajoute {tile} à un kong : volez-le pour faire mahjong ou passez (jusqu'à {when})."),
    "hand_waiting": ("Waiting for {names}.", "En attente de {names}."),
    "hand_answered": ("You answered: the window closes when everyone has.",
                      "Vous avez répondu : la fenêtre se ferme quand tous l'auront fait."),
    "hand_away": ("A computer is playing your seat. Press I'm back to play again.",
                  "Un ordinateur joue à votre place. Appuyez sur Je suis là pour reprendre."),
    "hand_over": ("The hand is over.", "La main est terminée."),
    "hand_hint": ("Hint: discard {tile}. {reason}", "Conseil : jetez {tile}. {reason}"),
    "no_hints": ("Hints are off at this table.", "Les conseils sont désactivés à cette table."),
    # results
    "result_won": ("{winner} wins hand {number}{how}.", "{winner} gagne la main {number}{how}."),
    "result_self_drawn": (" on a self-drawn tile", " sur une tuile piochée"),
    "result_from": (" on {name}'s discard", " sur la défausse de {name}"),
    "result_drawn": ("Hand {number} is drawn: the wall ran out. The dealer keeps the deal.",
                     "La main {number} est nulle : le mur est épuisé. Le donneur garde la main."),
    "result_score": ("Score: {score}", "Score : {score}"),
    "result_fan": ("{fan} fan", "{fan} fan"),
    "result_totals": ("Totals: {totals}", "Totaux : {totals}"),
    "result_seed": ("Seed {seed} — check the wall: `{command}`", "Graine {seed} — vérifiez le mur : `{command}`"),
    "match_over": ("Match over. Final standings: {standings}", "Partie terminée. Classement : {standings}"),
    # leaderboard, stats and history (bot/reports.py)
    "lb_title": ("**Leaderboard — {rules} · {period}**", "**Classement — {rules} · {period}**"),
    "lb_all_time": ("all time", "depuis toujours"),
    "lb_month": ("month of {month}", "mois de {month}"),
    "lb_header": ("At least {min} hands to be ranked · {count} ranked · page {page}/{pages}",
                  "Au moins {min} mains pour être classé · {count} classés · page {page}/{pages}"),
    "lb_line": ("{rank}. {name} — {net} ({per_hand} per hand) · {wins} wins in {hands} hands",
                "{rank}. {name} — {net} ({per_hand} par main) · {wins} victoires en {hands} mains"),
    "lb_empty": ("Nobody is ranked yet: play {min} hands of these rules to appear here.",
                 "Personne n'est encore classé : jouez {min} mains de ces règles pour apparaître ici."),
    "lb_you": ("{name}: rank {rank} of {count} · {net} in {hands} hands",
               "{name} : rang {rank} sur {count} · {net} en {hands} mains"),
    "lb_you_unranked": ("{name}: not ranked yet, {hands} of the {min} hands needed.",
                        "{name} : pas encore classé, {hands} mains sur les {min} nécessaires."),
    "lb_page_out": ("There is no page {page}: this leaderboard has {pages} page(s). Nothing was posted.",
                    "Il n'y a pas de page {page} : ce classement a {pages} page(s). Rien n'a été publié."),
    "lb_bad_button": ("That leaderboard button is not valid (its rules, month or page).",
                      "Ce bouton de classement n'est pas valide (règles, mois ou page)."),
    "btn_previous": ("Previous", "Précédent"),
    "btn_next_page": ("Next", "Suivant"),
    "stats_title": ("**{name}** — statistics on this server", "**{name}** — statistiques sur ce serveur"),
    "stats_rules": ("__{rules}__: {hands} hands · {wins} wins ({rate}) · {deal_ins} deal-ins · {per_hand} per "
                    "hand ({net} in all)",
                    "__{rules}__ : {hands} mains · {wins} victoires ({rate}) · {deal_ins} défausses fatales · "
                    "{per_hand} par main ({net} au total)"),
    "stats_best": ("Best hand: {value}{fan}, {when}", "Meilleure main : {value}{fan}, {when}"),
    "stats_patterns": ("Most frequent patterns: {patterns}", "Motifs les plus fréquents : {patterns}"),
    "stats_none": ("{name} has no hands recorded on this server.",
                   "{name} n'a aucune main enregistrée sur ce serveur."),
    "stats_not_member": ("That is not a member of this server.", "Ce n'est pas un membre de ce serveur."),
    "history_title": ("**{name}** — last matches", "**{name}** — dernières parties"),
    "history_line": ("{when} · {rules} · {hands} hands · place {place} of {seats} · {total}{closed} — with {others}",
                     "{when} · {rules} · {hands} mains · place {place} sur {seats} · {total}{closed} — avec {others}"),
    "history_closed": (" (closed early)", " (fermée avant la fin)"),
    "history_none": ("{name} has no finished matches on this server yet.",
                     "{name} n'a encore aucune partie terminée sur ce serveur."),
    "reports_unavailable": ("The ledger cannot be read right now: try again in a moment.",
                            "Le registre ne peut pas être lu pour l'instant : réessayez dans un instant."),
    # /mahjong replay (bot/replay.py, bot/commands/replay.py)
    "replay_head": ("Hand {number} · step {step}/{steps} · {what}", "Main {number} · étape {step}/{steps} · {what}"),
    "replay_deal": ("the deal", "la donne"),
    "replay_discard": ("{name} discards {tile}", "{name} jette {tile}"),
    "replay_claim": ("{name} claims the discard for a {kind}", "{name} prend la défausse pour un {kind}"),
    "replay_kong": ("{name} declares a kong of {tile}", "{name} déclare un kong de {tile}"),
    "replay_call": ("{name} announces one tile from winning", "{name} annonce être à une tuile du mahjong"),
    "replay_won": ("Mahjong! {name} wins{how}", "Mah-Jong ! {name} gagne{how}"),
    "replay_drawn": ("drawn: the wall ran out", "main nulle : le mur est épuisé"),
    "replay_bad_step": ("There is no step {step}: this hand has {steps} steps.",
                        "Il n'y a pas d'étape {step} : cette main a {steps} étapes."),
    "replay_bad_record": ("That hand's record cannot be replayed.",
                          "L'enregistrement de cette main ne peut pas être rejoué."),
    "replay_unknown": ("There is no hand `{hand}` on this server: `/mahjong history` shows the hand ids.",
                       "Il n'y a pas de main `{hand}` sur ce serveur : `/mahjong historique` montre les "
                       "numéros des mains."),
    "replay_bad_button": ("That replay button is not valid.", "Ce bouton de rejeu n'est pas valide."),
    "history_hands": (" · hands `{first}` to `{last}` (`/mahjong replay`)",
                      " · mains `{first}` à `{last}` (`/mahjong rejouer`)"),
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
}
WIND_NAMES: dict[str, tuple[str, str]] = {
    "1z": ("East", "Est"), "2z": ("South", "Sud"), "3z": ("West", "Ouest"), "4z": ("North", "Nord"),
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
