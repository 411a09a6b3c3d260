module github.com/cascade-harness/cascade/cmd/cascade/browsertest

go 1.26

require (
	github.com/cascade-harness/cascade v0.0.0
	github.com/chromedp/chromedp v0.23.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)

replace github.com/cascade-harness/cascade => ../../..
