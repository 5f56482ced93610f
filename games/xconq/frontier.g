(game-module "frontier"
  (title "Frontier")
  (version "1.0")
  (blurb "Two peoples on two coasts joined by a narrow neck of land, and a dozen free villages between them. Written for Orderly.")
  (instructions (
    "Take the free villages around you with militia and set them building."
    "Cavalry is fast on grass but slow in woods and hills and drowns in marsh."
    "Cross the neck of land, or the water with barges, and take the other capital."
    "The side left with points (land units, villages, its capital) wins."
    ))
  )

(include "frontier-units")

(world 200)
(area 36 18)

(side 1 (name "Ashland") (noun "Ashlander") (adjective "Ashland"))
(side 2 (name "Reedmark") (noun "Reedmarker") (adjective "Reedmark"))

(set sides-min 2)
(set sides-max 2)

(scorekeeper (do last-side-wins))

(set synthesis-methods nil)

;; Rows from the north; a count repeats the character after it.
(area 36 18 (terrain (by-char ".,=+%^_")
  "28.8."
  ".3,25.7."
  ".,+%2,.5,11.3,4.6."
  "2.,%2^2,2+2=2,8.2,%^3,2.5."
  "2.,%4^%3+=+,4.4,2+%3^,2.4."
  "2.,+%^2,^%4+,4.,+2=4+3%,2.3."
  ".2,2+%,7%+,2.2,11+,2.2."
  ".9+%4^%3,8+3=2+2,.."
  ".10+%4^%10+4=3+%_"
  "..6+=3+%3^2%3+,3%3+4=3+."
  "2..,11+3%5,2%10+."
  "3..,11+3,3.,%11+."
  "4..8+2=2,6.,4+2%2^%2+."
  "5..8+=,8.,3+%4^%+_"
  "6..9,9.2,2+%^2,^%_"
  "7.20.2,2%,.2,_"
  "8.21.,+,4."
  "9.27."
  ))

(capital 5 8 1 (n "Cinderholt"))
(village 8 10 1 (n "Emberford"))
(militia 6 8 1)

(capital 31 7 2 (n "Sedgewater"))
(village 27 6 2 (n "Rushmere"))
(militia 30 7 2)

(village 3 12 0 (n "Thornbury"))
(village 8 4 0 (n "Millbrook"))
(village 10 6 0 (n "Oakhollow"))
(village 10 12 0 (n "Stonegate"))
(village 14 7 0 (n "Wyncliff"))
(village 14 11 0 (n "Harrowfield"))
(village 20 8 0 (n "Neckbridge"))
(village 23 12 0 (n "Saltmarsh"))
(village 24 5 0 (n "Kestrel Down"))
(village 29 11 0 (n "Larkspire"))
