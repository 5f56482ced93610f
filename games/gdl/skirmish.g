(game-module "skirmish"
  (title "Skirmish")
  (version "1.0")
  (blurb "A small example module written for Orderly: two sides, a few unit types, a hand-made map. `orderly gdl check games/gdl/skirmish.g` reads it.")
)

;; Terrain first, then units: tables below are indexed by both.

(terrain-type sea (char "."))
(terrain-type plains (char "+"))
(terrain-type forest (char "%"))
(terrain-type mountains (char "^"))

(unit-type infantry (name "infantry") (char "i")
  (hp-max 2) (acp-per-turn 1)
  (help "slow and sturdy; the only unit that takes towns"))
(unit-type armor (name "armor") (char "a")
  (hp-max 4) (acp-per-turn 2)
  (help "fast on open ground"))
(unit-type town (name "town") (char "*")
  (hp-max 10) (acp-per-turn 1)
  (help "builds infantry and armor"))

(define ground (infantry armor))

;; Where units may be, and what moving there costs.
(table vanishes-on
  (ground sea true)
  (town (sea mountains) true)
)
(table mp-to-enter-terrain
  (u* t* 1)
  (armor (forest mountains) 2)
)

;; Combat: chance to hit in percent, and damage.
(table hit-chance
  (u* u* 50)
  (armor infantry 70)
  (infantry town 60)
)
(table damage
  (u* u* 1)
  (armor u* 2)
)

(world 60)
(area 8 6)
;; Rows from the top; in each, a count before a character repeats it.
(area (terrain
  (by-name ".+%^" sea plains forest mountains)
  "8."
  ".2+2%2+."
  ".+2^2+%."
  ".2+%+^+."
  ".3+%2+."
  "8."
))

(side 1 (noun "Northerner") (adjective "northern"))
(side 2 (noun "Southerner") (adjective "southern"))

(town 2 1 1)
(infantry 3 1 1)
(town 5 4 2)
(armor 4 4 2)

(scorekeeper (do last-side-wins))
