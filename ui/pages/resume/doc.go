// Package resume is the resume page: the saved game found at start (or a
// problem reading it), archived games, and a fresh game; a choice asks the
// root to resume or start (common.ResumeMsg, common.NewGameMsg).
package resume
