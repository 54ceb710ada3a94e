module github.com/eventdeck/eventdeck

go 1.24.2
