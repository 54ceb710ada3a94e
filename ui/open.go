package ui

import (
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/expansions"
)

// pages builds the pages the table opens (common.Opener): the root's, as
// no page imports another. It is shared by every copy of the root model.
type pages struct {
	ctx     *Context
	games   []expansions.Ruleset // every game on offer (the reference names another game's words)
	join    *joinPage            // the phone page's code and address (eventdeck serve); nil without one
	simRuns int                  // simulator runs started: a cancelled run's reports are told apart
}

// open builds the page o asks for, or nil.
func (p *pages) open(o OpenMsg) (Screen, tea.Cmd) {
	switch o.Page {
	case PageHistory:
		return newHistory(p.ctx, o.Rules, o.State), nil
	case PageStats:
		return newStats(p.ctx, o.Rules, o.State), nil
	case PageFacts:
		if fk, ok := o.Rules.(expansions.FactKeeper); ok {
			return newFacts(p.ctx, fk, o.Hand), nil
		}
	case PagePlayers:
		return newPlayers(p.ctx, o.Hand), nil
	case PageJoin:
		if p.join != nil {
			return newJoinScreen(p.ctx, p.join), nil
		}
	case PageSimulate:
		if sim, ok := o.Rules.(expansions.Simulator); ok {
			p.simRuns++
			return startSimulation(p.ctx, sim, simulationRun(sim, len(o.State.Players)), p.simRuns)
		}
	case PageReference:
		others := slices.DeleteFunc(slices.Clone(p.games), func(r expansions.Ruleset) bool { return r.ID() == o.Rules.ID() })
		return newReference(p.ctx, o.Rules.Reference(), others), nil
	}
	return nil, nil
}
