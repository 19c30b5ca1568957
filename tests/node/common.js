// What the @sabaki/gtp scripts of this folder share: reading the JSON spec, recording every
// command Sabaki's Controller sends, the play history a game syncs, and the JSON output.

'use strict'

const fs = require('fs')
const {Command} = require('@sabaki/gtp')

// The spec named on the command line.
function readSpec() {
  return JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
}

// Record each command the controller writes, with its response once it arrives, in `sent`.
function recordTranscript(controller, sent) {
  controller.on('command-sent', async ({command, getResponse}) => {
    const entry = {command: Command.toString(command)}
    sent.push(entry)
    try {
      const res = await getResponse()
      entry.error = res.error
      entry.content = res.content
    } catch (err) {
      entry.error = true
      entry.content = `no response: ${err.message}`
    }
  })
}

// One play command per [color, vertex] move, as Sabaki's enginesyncer builds its history.
function playHistory(moves) {
  return moves.map(([color, vertex]) => ({name: 'play', args: [color, vertex]}))
}

// Note an exception of the session in `out`.
function recordException(out, err) {
  out.ok = false
  out.errors.push(`exception: ${err && err.stack ? err.stack : err}`)
}

// Start the engine, run `body`, then stop the engine as Sabaki does (3 s grace), noting in
// `out.stop_ms` how long that took; an exception goes into `out`.  Returns `out`.
async function runSession(controller, out, body) {
  try {
    controller.start()
    await body()
  } catch (err) {
    recordException(out, err)
  } finally {
    const started = Date.now()
    await controller.stop(3000)
    out.stop_ms = Date.now() - started
  }
  return out
}

// Run `main` and print its result as JSON; on a crash print `onError(err)` and exit 1.
function runMain(main, onError) {
  main()
    .then(out => process.stdout.write(JSON.stringify(out, null, 1) + '\n'))
    .catch(err => {
      process.stdout.write(JSON.stringify(onError(err)) + '\n')
      process.exitCode = 1
    })
}

module.exports = {readSpec, recordTranscript, playHistory, recordException, runSession,
  runMain}
