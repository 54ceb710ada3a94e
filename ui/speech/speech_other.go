//go:build !windows && !darwin

package speech

// Programs are the speech programs looked for, in order.
var Programs = []string{"espeak-ng", "espeak", "spd-say"}

// Missing is what the table is told when it asks for speech and no speech
// program is found.
const Missing = "No speech command found: install espeak-ng (or espeak, spd-say) to hear the numbers."
