// Package qrpanel is the phone page's join code as the host's screen shows
// it: a QR code in half blocks, drawn once, beside or above the address,
// and a plain word when it does not fit.
package qrpanel
