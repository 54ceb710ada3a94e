// Package textfield is the one-line text field of the setup, players and
// reference pages: a bubbles textinput that takes only what may be typed
// there and fits its width.
package textfield
