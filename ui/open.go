package ui

import (
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/eventdeck/eventdeck/expansions"
	"github.com/eventdeck/eventdeck/ui/common"
	"github.com/eventdeck/eventdeck/ui/components/qrpanel"
	"github.com/eventdeck/eventdeck/ui/pages/facts"
	"github.com/eventdeck/eventdeck/ui/pages/history"
	"github.com/eventdeck/eventdeck/ui/pages/join"
	"github.com/eventdeck/eventdeck/ui/pages/players"
	"github.com/eventdeck/eventdeck/ui/pages/reference"
	"github.com/eventdeck/eventdeck/ui/pages/simulate"
	"github.com/eventdeck/eventdeck/ui/pages/stats"
	"github.com/eventdeck/eventdeck/ui/session"
)

// pages builds the pages the table opens (common.Opener): the root's, as
// no page imports another. It is shared by every copy of the root model.
type pages struct {
	ctx     *common.Context
	games   []expansions.Ruleset // every game on offer (the reference names another game's words)
	join    *qrpanel.Panel       // the phone page's code and address (eventdeck serve); nil without one
	hub     *session.Hub         // where the screens that joined are found, on the host's screen (eventdeck serve); nil elsewhere
	simRuns int                  // simulator runs started: a cancelled run's reports are told apart
}

// open builds the page o asks for, or nil.
func (p *pages) open(o common.OpenMsg) (common.Screen, tea.Cmd) {
	switch o.Page {
	case common.PageHistory:
		return history.New(p.ctx, o.Rules, o.State), nil
	case common.PageStats:
		return stats.New(p.ctx, o.Rules, o.State), nil
	case common.PageFacts:
		if fk, ok := o.Rules.(expansions.FactKeeper); ok {
			return facts.New(p.ctx, fk, o.Hand), nil
		}
	case common.PagePlayers:
		return players.New(p.ctx, o.Hand, p.hub), nil
	case common.PageJoin:
		if p.join != nil {
			return join.New(p.ctx, p.join, p.hub), nil
		}
	case common.PageSimulate:
		if sim, ok := o.Rules.(expansions.Simulator); ok {
			p.simRuns++
			return simulate.Start(p.ctx, sim, simulate.RunFor(sim, len(o.State.Players)), p.simRuns)
		}
	case common.PageReference:
		others := slices.DeleteFunc(slices.Clone(p.games), func(r expansions.Ruleset) bool { return r.ID() == o.Rules.ID() })
		return reference.New(p.ctx, o.Rules.Reference(), others), nil
	}
	return nil, nil
}
