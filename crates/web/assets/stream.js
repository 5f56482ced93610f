// The game's event stream (server-sent events) read with fetch, so the seat
// token travels in the Authorization header and never in a URL (an
// EventSource cannot set headers, and a token in the address ends up in
// logs). Reconnects with a growing pause after a dropped connection, until
// closed; a 401 or 404 ends it.

/** Splits SSE text into events; returns what is left of an unfinished one. */
function parse(buffer, emit) {
  for (;;) {
    const m = /\r?\n\r?\n/.exec(buffer);
    if (!m) return buffer;
    const block = buffer.slice(0, m.index);
    buffer = buffer.slice(m.index + m[0].length);
    let type = 'message';
    const data = [];
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(':')) continue;
      const c = line.indexOf(':');
      const field = c < 0 ? line : line.slice(0, c);
      let value = c < 0 ? '' : line.slice(c + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) emit(type, data.join('\n'));
  }
}

/**
 * Follows `url` with `token` (or none). Calls onOpen() on each (re)connect,
 * onEvent(type, data) per event, onStop(message) when it gives up.
 * Returns {close()}.
 */
export function followEvents(url, token, {onOpen = () => {}, onEvent = () => {}, onStop = () => {}} = {}) {
  const abort = new AbortController();
  let closed = false;
  (async () => {
    let pause = 1000;
    while (!closed) {
      try {
        const headers = {Accept: 'text/event-stream'};
        if (token) headers.Authorization = `Bearer ${token}`;
        const resp = await fetch(url, {headers, signal: abort.signal, cache: 'no-store'});
        if (resp.status === 401 || resp.status === 404) {
          onStop(`live updates refused (${resp.status})`);
          return;
        }
        if (!resp.ok || !resp.body) throw new Error(`HTTP ${resp.status}`);
        pause = 1000;
        onOpen();
        const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const {value, done} = await reader.read();
          if (done) break;
          buffer = parse(buffer + value, (type, data) => { if (!closed) onEvent(type, data); });
        }
      } catch {
        if (closed) return;
      }
      if (closed) return;
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 15000);
    }
  })();
  return {
    close() {
      closed = true;
      abort.abort();
    },
  };
}
