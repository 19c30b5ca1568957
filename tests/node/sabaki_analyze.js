#!/usr/bin/env node
// Drive a GTP engine's analysis through @sabaki/gtp the way Sabaki does, and print JSON.
//
// Usage: node sabaki_analyze.js SESSION.json
//
// SESSION.json: {"engine": {"path": "gtp-weiqi", "args": []},
//                "size": 9, "komi": 7.5, "moves": [["B", "E5"], ...],
//                "steps": [{"analyze": "kata-analyze", "color": "W", "lines": 3},
//                          {"genmove": "genmove_analyze", "color": "W"}, ...]}
//
// What Sabaki does: analysis (src/modules/sabaki.js, startAnalysis) sends
// `<cmd> B|W 50` (interval = board.analysis_interval centiseconds) with a subscriber
// that parses every `info` line (src/modules/analysis.js, parseAnalysis); to stop it,
// Sabaki writes `protocol_version` (sendAbort) and the engine must close the streaming
// response with an empty line before answering.  Move generation (generateMove) sends
// the first listed of genmove_analyze / kata-genmove_analyze / lz-genmove_analyze as
// `<cmd> B|W <interval>` and takes the move from the line `play <vertex>`.
// The parser below follows parseAnalysis: split on `info`, the trailing run of vertices
// (or lower-case `pass`) is the PV, cut at the first pass, the rest are key/value pairs;
// segments without move / winrate, or whose move is not a vertex, are dropped; kata-*
// winrates are floats, the others hundredths of a percent.

'use strict'

const {Controller, ControllerStateTracker} = require('@sabaki/gtp')
const common = require('./common')

const INTERVAL = '5' // centiseconds: short, so that a test sees lines quickly

function parseAnalysis(line, kata) {
  const variations = []
  for (const segment of line.split(/\binfo\b/).slice(1)) {
    const text = segment.trim()
    const pvMatch = text.match(/(pass|[A-Za-z]\d+)(\s+(pass|[A-Za-z]\d+))*\s*$/)
    let pv = []
    let rest = text
    if (pvMatch != null) {
      pv = pvMatch[0].trim().split(/\s+/)
      const firstPass = pv.indexOf('pass')
      if (firstPass >= 0) pv = pv.slice(0, firstPass)
      rest = text.slice(0, pvMatch.index)
    }
    const tokens = rest.trim().split(/\s+/)
    const data = {}
    for (let i = 0; i + 1 < tokens.length; i += 2) data[tokens[i]] = tokens[i + 1]
    if (data.move == null || data.winrate == null) continue
    if (!/^[A-Za-z]\d+$/.test(data.move)) continue
    const winrate = kata ? +data.winrate * 100 : +data.winrate / 100
    variations.push({
      vertex: data.move,
      visits: +data.visits,
      winrate,
      scoreLead: data.scoreLead == null ? null : +data.scoreLead,
      prior: data.prior == null ? null : +data.prior,
      order: data.order == null ? null : +data.order,
      pv
    })
  }
  return variations
}

async function main() {
  const session = common.readSpec()
  const {path, args = []} = session.engine
  const controller = new Controller(path, args)
  const tracker = new ControllerStateTracker(controller)
  const out = {ok: true, errors: [], steps: [], stderr: []}
  controller.on('stderr', ({content}) => out.stderr.push(content))

  return common.runSession(controller, out, async () => {
    const [listCommands] = await Promise.all([
      controller.sendCommand({name: 'list_commands'}),
      controller.sendCommand({name: 'name'}),
      controller.sendCommand({name: 'protocol_version'})
    ])
    out.commands = listCommands.content.split('\n')
    const history = common.playHistory(session.moves)
    await tracker.sync({
      komi: session.komi,
      boardsize: [session.size, session.size],
      history
    })

    for (const step of session.steps) {
      if (step.analyze) {
        const kata = step.analyze.startsWith('kata-')
        const result = {command: step.analyze, lines: [], variations: []}
        let aborting = null
        const analysis = controller.sendCommand(
          {name: step.analyze, args: [step.color, INTERVAL]},
          ({line}) => {
            if (!line.startsWith('info')) return
            result.lines.push(line)
            result.variations.push(parseAnalysis(line, kata))
            if (result.lines.length >= step.lines && aborting == null) {
              // Sabaki's sendAbort: any command stops the analysis
              aborting = controller.sendCommand({name: 'protocol_version'})
            }
          }
        )
        const response = await analysis
        result.error = response.error
        result.content = response.content
        const abort = aborting == null ? null : await aborting
        result.abort = abort == null ? null : {error: abort.error, content: abort.content}
        out.steps.push(result)
      } else if (step.genmove) {
        const kata = step.genmove.startsWith('kata-')
        const result = {command: step.genmove, lines: [], variations: [], move: null}
        const response = await controller.sendCommand(
          {name: step.genmove, args: [step.color, INTERVAL]},
          ({line}) => {
            if (line.startsWith('play ')) {
              result.move = line.slice(5).trim().toLowerCase()
            } else if (line.startsWith('info')) {
              result.lines.push(line)
              result.variations.push(parseAnalysis(line, kata))
            }
          }
        )
        result.error = response.error
        const board = await controller.sendCommand({name: 'showboard'})
        result.showboard = board.content
        out.steps.push(result)
      }
    }
    const last = await controller.sendCommand({name: 'name'})
    out.in_sync = !last.error && last.content === 'gtp_weiqi'
  })
}

common.runMain(main, err => ({ok: false, errors: [String(err)]}))
