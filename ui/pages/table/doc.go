// Package table is the table page: the number and dice, the turn's steps
// and questions (the step walker), the header and status lines, the action
// entry and the turn clock. Its keys become intents sent through the
// reader's session.Hand.
//
// What the page still decides for itself, until the session's one view
// (ui/readout) and one Intent type take it over: the reader's rights
// (rights.go), "turn done" (panel.go), the own-question hint (own.go), the
// ready line (table.go), what a key asks of the game (tableupdate.go) and
// the intents (intents.go).
package table
