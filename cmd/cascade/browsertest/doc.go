// Package browsertest holds the browser tests of cascade's replay
// pages: they open the pages that cascade trace --html and cascade check
// --emit write in headless Chromium, driven with chromedp, and use them
// as a person would.
//
// It is a module of its own, so that chromedp stays out of cascade's
// requirements: a module that depends on cascade, to check an engine
// with enginetest, downloads none of it. Run the tests from here:
//
//	go test -C cmd/cascade/browsertest ./...
//
// They build the cascade command of the tree (the replace in go.mod)
// once, and run it as a user would.
package browsertest
