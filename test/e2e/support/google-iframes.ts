import type { BrowserContext } from "@playwright/test"

/**
 * Google sign-in against the Auth emulator needs one file from the internet: Google's
 * iframe messaging library (https://apis.google.com/js/api.js), which both the Firebase
 * SDK in our page and the emulator's helper iframe (/emulator/auth/iframe) load to talk
 * to each other. These machines are offline, so the tests serve a small stand-in with
 * the same surface (gapi.load('gapi.iframes'), context.open, getParentIframe, register,
 * send, ping) carried over postMessage. Everything else stays real: the SDK, the
 * emulator's account chooser popup and its helper iframe, the emulator's accounts.
 */
const GAPI_IFRAMES_STAND_IN = String.raw`(function () {
  var handlers = {}, queued = {}, pending = {}, seq = 0
  function reply(source, id, result) { source.postMessage({ gapiStandIn: "reply", id: id, responses: [result] }, "*") }
  function Channel(target) { this.target = target }
  Channel.prototype.register = function (name, handler) {
    handlers[name] = handler
    ;(queued[name] || []).forEach(function (call) { reply(call.source, call.id, handler(call.data)) })
    delete queued[name]
  }
  Channel.prototype.send = function (name, data, callback) {
    var id = ++seq
    pending[id] = callback
    this.target.postMessage({ gapiStandIn: "call", id: id, name: name, data: data }, "*")
  }
  // The frame may not have loaded yet: ask until it answers.
  Channel.prototype.ping = function (callback) {
    var self = this
    return new Promise(function (resolve) {
      var answered = false
      var ask = function () {
        if (answered) return
        self.send("gapiStandIn.ping", {}, function () { answered = true; if (callback) callback(); resolve() })
        setTimeout(ask, 100)
      }
      ask()
    })
  }
  Channel.prototype.restyle = function () { return Promise.resolve() }
  window.addEventListener("message", function (event) {
    var message = event.data
    if (!message || typeof message !== "object" || !message.gapiStandIn) return
    if (message.gapiStandIn === "reply") {
      var callback = pending[message.id]
      delete pending[message.id]
      if (callback) callback(message.responses)
    } else if (message.name === "gapiStandIn.ping") {
      reply(event.source, message.id, {})
    } else if (handlers[message.name]) {
      reply(event.source, message.id, handlers[message.name](message.data))
    } else {
      (queued[message.name] = queued[message.name] || []).push({ source: event.source, id: message.id, data: message.data })
    }
  })
  var context = {
    open: function (options, whenOpen) {
      var frame = document.createElement("iframe")
      var attributes = options.attributes || {}
      Object.keys(attributes).forEach(function (key) {
        if (key === "style") Object.assign(frame.style, attributes.style)
        else frame.setAttribute(key, attributes[key])
      })
      frame.src = options.url
      ;(options.where || document.body).appendChild(frame)
      return whenOpen(new Channel(frame.contentWindow))
    },
    getParentIframe: function () { return new Channel(window.parent) }
  }
  window.gapi = window.gapi || {}
  window.gapi.iframes = { Iframe: function () {}, CROSS_ORIGIN_IFRAMES_FILTER: function () { return true }, getContext: function () { return context } }
  window.gapi.load = function (_name, options) { setTimeout(function () { (options.callback || options)() }, 0) }
  var script = document.currentScript
  var onload = (script && new URL(script.src).searchParams.get("onload")) || "gapi_onload"
  setTimeout(function () { if (typeof window[onload] === "function") window[onload]() }, 0)
})()`

export async function serveGoogleIframesOffline(context: BrowserContext): Promise<void> {
  await context.route("https://apis.google.com/js/api.js*", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: GAPI_IFRAMES_STAND_IN })
  )
}
