"""Plumbing every app uses, and no models: the two error kinds and their translation for pages
and the API, the JSON parsers, the middleware, the hook registry, the task runner and live
updates. Imports nothing from the apps above it."""
