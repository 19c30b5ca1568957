#!/usr/bin/env node
// Start a GTP engine with each set of "initial commands" the way Sabaki does, sync a game
// through ControllerStateTracker, then type commands into the GTP console.  Prints JSON.
//
// Usage: node sabaki_initial.js RUN.json
//
// RUN.json: {"engine": {"path": "gtp-weiqi", "args": []},
//            "profiles": [{"commands": "kata-set-rules jihuozi;weiqi-param counting shulu",
//                          "console": ["kata-get-rules", "final_score", ...]}, ...],
//            "size": 7, "komi": 0, "moves": [["W", "B3"], ["B", "D6"], ...]}
//
// What Sabaki does (src/modules/enginesyncer.js): on start it writes name, version,
// protocol_version, list_commands and then the engine's initial commands (the
// "commands" field, ";"-separated, each parsed with Command.fromString) in one batch.
// To show a position it hands {komi, boardsize, history} to ControllerStateTracker.sync,
// which sends komi, boardsize, clear_board and one play per move.  The GTP console
// queues what the user types (Command.fromString) on the same state tracker.
// Each profile gets its own engine process, stopped as Sabaki stops it.

'use strict'

const {Controller, ControllerStateTracker, Command} = require('@sabaki/gtp')
const common = require('./common')

async function runProfile(engine, profile, game) {
  const controller = new Controller(engine.path, engine.args || [])
  const tracker = new ControllerStateTracker(controller)
  const sent = []
  const out = {ok: true, errors: [], transcript: sent}

  common.recordTranscript(controller, sent)

  const send = async command => {
    const res = await controller.sendCommand(Command.fromString(command))
    return {command, error: res.error, content: res.content}
  }

  try {
    controller.start()
    const initial = (profile.commands || '')
      .split(';')
      .map(x => x.trim())
      .filter(x => x !== '')
    const results = await Promise.all([
      send('name'),
      send('version'),
      send('protocol_version'),
      send('list_commands'),
      ...initial.map(send)
    ])
    out.commands = results[3].content.split('\n')
    out.initial = results.slice(4)

    const history = common.playHistory(game.moves)
    try {
      await tracker.sync({
        komi: game.komi,
        boardsize: [game.size, game.size],
        history
      })
    } catch (err) {
      out.ok = false
      out.errors.push(`sync: ${err.message}`)
    }
    // The console (LeftSidebar -> EngineSyncer.queueCommand) queues what the user types
    // behind any pending sync.
    out.console = []
    for (const line of profile.console || []) {
      const res = await tracker.queueCommand(Command.fromString(line))
      out.console.push({command: line, error: res.error, content: res.content})
    }
  } catch (err) {
    common.recordException(out, err)
  } finally {
    await controller.stop(3000)
  }
  return out
}

async function main() {
  const run = common.readSpec()
  const profiles = []
  for (const profile of run.profiles) {
    profiles.push(await runProfile(run.engine, profile, run))
  }
  return {profiles}
}

common.runMain(main, err => ({profiles: [], error: String(err)}))
