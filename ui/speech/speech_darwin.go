package speech

// Programs are the speech programs looked for, in order: macOS's own say
// (/usr/bin/say), then espeak-ng or espeak if installed.
var Programs = []string{"say", "espeak-ng", "espeak"}

// Missing is what the table is told when it asks for speech and no speech
// program is found.
const Missing = "No speech command found: eventdeck reads the numbers with macOS's say (/usr/bin/say), which is not on PATH."
