// Package players is the players page: rename, add, remove and reseat
// players and change live options mid-game, and send away screens that
// joined (eventdeck serve); host only, through the session.Hand.
package players
