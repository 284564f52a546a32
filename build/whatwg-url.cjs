// node-fetch 2 falls back to the whatwg-url package only where Node has no URL class; Node always has
// one, so the bundle maps that package to Node's own (saving ~290 KB of Unicode tables).
module.exports = { URL: require('url').URL };
