; A tiny Xconq game for the end-to-end tests, written for Orderly: side 1's
; nuclear bomb stands next to side 2's only town, so the browser test can
; blow it up on the first turn. It uses the units and rules of `stdunit`
; (from the Xconq library the server is given) on a fixed 10 x 6 world.

(game-module "bombtest"
  (title "Bomb test")
  (version "1.0")
  (blurb "A nuclear bomb of side 1 stands next to the only town of side 2.")
)

(include "stdunit")

(world 120)

(area 10 6)

(side 1 (noun "Tester"))
(side 2 (noun "Target"))

(set sides-min 2)
(set sides-max 2)

(scorekeeper (do last-side-wins))

(set synthesis-methods nil)

(area 10 6 (terrain
  "10a"
  "a8ea"
  "a8ea"
  "a8ea"
  "a8ea"
  "10a"
  ))

(town 2 2 1 (n "Home"))
(town 6 2 2 (n "Target"))
(nuclear-bomb 5 2 1)
