// Package common is what every page of the terminal shares: the Context
// (size, styles, key map, big digits, help model and the generic render
// caches: memo, styled, wrapped, paint), the Styles, key matching and the
// key map, layout, text and width helpers, the remembered Setup, the
// speech command, the page contract (Screen, Size, NotTyping) and the
// messages a page sends the root (OpenMsg, StartMsg, ResumeMsg,
// NewGameMsg, ChangedMsg…). It imports no page and no widget but the big
// digits.
package common
