package speech

// Programs are the speech programs looked for, in order: Windows
// PowerShell (powershell.exe, on every Windows), whose System.Speech
// reads with the voices Windows has. PowerShell 7 (pwsh) has no
// System.Speech, so it is not looked for.
var Programs = []string{"powershell"}

// Missing is what the table is told when it asks for speech and no speech
// program is found.
const Missing = "No speech command found: eventdeck reads the numbers with Windows PowerShell (powershell.exe), which is not on PATH."
