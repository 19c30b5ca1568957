#!/usr/bin/env node
// Drive a GTP engine through @sabaki/gtp the way Sabaki does, and print JSON.
//
// Usage: node sabaki_sync.js GAME.json
//
// GAME.json: {"engine": {"path": "gtp-weiqi", "args": [], "commands": "a;b"},
//             "size": 19, "komi": 7.5, "handicap": ["D4", "Q16"],
//             "moves": [["B", "C3"], ["W", "pass"], ...], "rewind": 3}
//
// What Sabaki does (src/modules/enginesyncer.js): on start it writes name,
// version, protocol_version, list_commands and the engine's initial commands
// (";"-separated) in one batch; to show a position it builds a history --
// set_free_handicap for a root AB of two or more stones (if listed), then one
// play per move, passes as "play B pass" -- and hands {komi, boardsize,
// history} to ControllerStateTracker.sync, which sends komi, boardsize,
// clear_board and the plays all at once, or undo + play when only the tail
// changed.  This script syncs the whole game, steps back `rewind` moves (undo)
// and forward again (play), as navigating in Sabaki does, then reads back
// showboard, printsgf and a few other answers.

'use strict'

const {Controller, ControllerStateTracker, Command} = require('@sabaki/gtp')
const common = require('./common')

async function main() {
  const game = common.readSpec()
  const {path, args = [], commands = ''} = game.engine
  const controller = new Controller(path, args, game.engine.spawnOptions || {})
  const tracker = new ControllerStateTracker(controller)
  const sent = []
  const stderr = []
  const out = {ok: true, errors: [], transcript: sent, stderr}

  common.recordTranscript(controller, sent)
  controller.on('stderr', ({content}) => stderr.push(content))

  const send = async (name, cmdArgs = []) => {
    const res = await controller.sendCommand({name, args: cmdArgs})
    return {error: res.error, content: res.content}
  }

  return common.runSession(controller, out, async () => {

    // Start-up batch, written at once and in this order, as Sabaki does.
    const [name, version, protocolVersion, listCommands, ...initialResults] =
      await Promise.all([
        send('name'),
        send('version'),
        send('protocol_version'),
        send('list_commands'),
        ...commands
          .split(';')
          .filter(x => x.trim() !== '')
          .map(x => controller.sendCommand(Command.fromString(x)))
      ])
    out.name = name
    out.version = version
    out.protocol_version = protocolVersion
    out.commands = listCommands.content.split('\n')
    out.initial = initialResults.map(({error, content}, i) => ({
      command: commands.split(';').filter(x => x.trim() !== '')[i].trim(),
      error,
      content
    }))

    // History as enginesyncer.js builds it.
    const history = []
    const handicap = game.handicap || []
    if (handicap.length >= 2 && (await tracker.knowsCommand('set_free_handicap'))) {
      history.push({name: 'set_free_handicap', args: [...handicap].sort()})
    } else {
      for (const v of handicap) history.push({name: 'play', args: ['B', v]})
    }
    history.push(...common.playHistory(game.moves))
    const state = {komi: game.komi, boardsize: [game.size, game.size], history}

    const syncStep = async (label, st) => {
      try {
        await tracker.sync(st)
        return true
      } catch (err) {
        out.ok = false
        out.errors.push(`${label}: ${err.message}`)
        return false
      }
    }

    await syncStep('sync full game', state)
    out.after_full_sync = await send('showboard')
    const rewind = game.rewind || 0
    if (rewind > 0) {
      const shorter = {...state, history: history.slice(0, history.length - rewind)}
      await syncStep('sync rewound', shorter)
      out.after_rewind = await send('printsgf')
      await syncStep('sync forward again', state)
    }
    out.tracker_history_length = (tracker.state.history || []).length
    out.showboard = await send('showboard')
    out.printsgf = await send('printsgf')
    out.get_komi = await send('get_komi')
    out.rules = await send('kata-get-rules')
  })
}

common.runMain(main, err => ({ok: false, errors: [String(err)]}))
