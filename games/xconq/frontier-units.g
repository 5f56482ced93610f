(game-module "frontier-units"
  (title "Frontier units")
  (version "1.0")
  (blurb "Unit, terrain and material types of the Frontier games, written for Orderly. It is not a game by itself: frontier and frontier-world include it.")
  )

;;; Written for Orderly from scratch: the numbers and names are ours. It
;;; uses only rules the xconq ruleset plays (the Xconq 7.5 kernel's
;;; stdunit features), so every table below is one the kernel reads.

;;; Terrain. Water first, then land from wet to high; the edge of a
;;; synthesised world is glacier.

(terrain-type ocean (char ".") (help "open sea; only boats cross it"))
(terrain-type lagoon (char ",") (help "shallow coastal water"))
(terrain-type marsh (char "=") (help "wet lowland; horses drown in it"))
(terrain-type grass (char "+") (help "open grassland, the best farmland"))
(terrain-type woods (char "%") (help "forest: slow going for horses"))
(terrain-type hills (char "^") (help "rough high ground"))
(terrain-type glacier (char "_") (help "ice that nothing crosses"))
(terrain-type creek (char "<") (subtype border)
  (help "a stream along the side of a cell"))
(terrain-type trail (char ">") (subtype connection)
  (help "a cart track from one cell to the next"))

(define water (ocean lagoon))
(define dry (marsh grass woods hills))
(define cells (ocean lagoon marsh grass woods hills glacier))

;;; Units.

(unit-type militia (char "m")
  (help "foot soldiers: slow, cheap, and the best at taking villages"))
(unit-type cavalry (char "c")
  (help "riders: three moves a turn on open ground"))
(unit-type cannon (char "k")
  (help "field guns: batter villages and boats, cannot take anything"))
(unit-type barge (char "b")
  (help "carries four land units over water"))
(unit-type frigate (char "f")
  (help "a warship that rules the coasts"))
(unit-type outpost (char "o")
  (help "a stockade militia build; shelters and supplies units"))
(unit-type village (char "v")
  (help "builds land units and barges"))
(unit-type capital (char "C")
  (help "a side's seat: builds everything, sees far"))

(define land-units (militia cavalry cannon))
(define boats (barge frigate))
(define movers (militia cavalry cannon barge frigate))
(define settlements (village capital))
(define places (outpost village capital))

(material-type rations (help "food; every mover eats it as it goes"))
(material-type powder (help "spent in every attack"))

;;; Where things may be.

(table vanishes-on
  (land-units water true)
  (cavalry marsh true)
  (places water true)
  (boats dry true)
  (boats trail true)
  (u* glacier true)
  )

(add cells capacity 12)

(table unit-size-in-terrain
  (u* t* 1)
  (places t* 12)
  )

(add barge capacity 4)
(add places capacity (8 24 48))

(table unit-size-as-occupant
  (u* u* 99)
  (land-units barge 1)
  (movers outpost 2)
  (movers settlements 1)
  )

(table unit-storage-x
  (u* rations (5 12 5 20 30 100 300 600))
  (u* powder  (4  3 6  8 16  40 120 240))
  )

(table unit-initial-supply (u* m* 9999))

;;; Moving.

(add u* acp-per-turn (1 3 1 3 4 0 1 1))
(add places speed 0)
(add u* free-mp 1)

(table mp-to-enter-terrain
  (land-units water 99)
  (boats dry 99)
  (boats trail 99)
  (u* glacier 99)
  (cavalry (woods hills) 2)
  (cannon hills 2)
  (u* creek 0)
  (cavalry creek 1)
  (cannon creek 1)
  (land-units trail 0)
  )

(table mp-to-leave-terrain
  (land-units water 99)
  )

(table mp-to-traverse
  (land-units trail 1)
  (boats creek 2)
  )

(table material-to-move (movers rations 1))
(table consumption-per-move (movers rations 1))

(table mp-to-enter-unit
  (u* u* 1)
  (boats u* 0)
  (cavalry settlements 0)
  )

;;; Seeing.

(add settlements see-always true)
(add capital vision-range 2)
(add frigate vision-range 2)
(add places already-seen 100)
(add places already-seen-independent 100)

;;; Building and repairing.

(add u* cp (3 6 8 8 14 4 1 1))
(add u* hp-max (2 2 2 2 4 6 12 24))

(table create-as-build true)
(table can-build
  (militia outpost 1)
  (village (militia cavalry cannon barge) 1)
  (capital movers 1)
  )
(table acp-to-build
  (militia outpost 1)
  (village (militia cavalry cannon barge) 1)
  (capital movers 1)
  )
(table occupant-can-construct (u* u* false))

(table can-repair
  (settlements movers true)
  (militia places true)
  )
(table acp-to-repair
  (settlements movers 1)
  (militia places 1)
  )
(table hp-per-repair
  (settlements movers 1.00)
  (militia places (2.00 3.00 3.00))
  )
(table auto-repair (settlements movers 0.50))
(add outpost hp-recovery 0.50)
(add settlements hp-recovery 1.00)

;;; Supplies.

(table base-production
  (militia rations 1)
  (places rations (4 10 20))
  (places powder (2 5 10))
  )
(table productivity
  (militia (marsh hills) 0)
  (places (marsh grass woods hills) (0 100 60 40))
  )
(table base-consumption
  (militia rations 1)
  (boats rations 1)
  )
(table hp-per-starve
  (militia rations 1.00)
  (cavalry rations 0.50)
  (cannon rations 0.50)
  (boats rations 0.25)
  (places rations 0.10)
  )
(table out-length
  (land-units m* -1)
  (outpost m* 4)
  (settlements m* 8)
  )
(table in-length
  (land-units m* 3)
  (outpost m* 4)
  (settlements m* 8)
  )

;;; Fighting.

(table acp-to-attack (places u* 0))

;; Rows attack, columns defend: militia cavalry cannon barge frigate
;; outpost village capital.
(table hit-chance
  (militia u* (50 40 50 30 20 70 60 45))
  (cavalry u* (60 50 65 30 20 80 65 50))
  (cannon  u* (40 45 40 50 40 90 80 70))
  (barge   u* (10 10 10 30 10  0  0  0))
  (frigate u* (30 30 30 70 50 60 40 30))
  (outpost u* (20 20 20 20 20  0  0  0))
  (village u* (35 30 35 30 30  0  0  0))
  (capital u* (50 45 50 40 40  0  0  0))
  )
(table damage
  (u* u* 1)
  (cannon places 3)
  (cannon boats 2)
  (frigate u* 2)
  )
(table capture-chance
  (militia places (80 60 40))
  (cavalry places (70 50 30))
  )
(table independent-capture-chance
  (militia places (100 85 60))
  (cavalry places (100 70 50))
  )
(table retreat-chance
  (cavalry militia 15)
  (cavalry cavalry 25)
  )
(table protection
  (places movers 60)
  (militia places 75)
  (cavalry places 70)
  (cannon places 85)
  )
(table consumption-per-attack (u* powder 1))
(table hit-by (u* powder 1))

;;; Leaving the game.

(add movers acp-to-disband 1)
(add movers hp-per-disband 4)
(add outpost hp-per-disband 2)
(add u* acp-to-change-side 1)
(add militia acp-to-change-side 0)
(add militia possible-sides (not "independent"))

(add movers lost-vanish-chance 10000)
(add outpost lost-vanish-chance 2000)
(table lost-surrender-chance (u* u* 4000))
(add places lost-revolt-chance 10000)

;;; Winning: the last side with points left wins.

(add u* point-value 0)
(add land-units point-value 1)
(add settlements point-value (5 20))
