// The development page: drives the device simulators through the host's /dev/ws, so that the
// cabinet screen itself stays clean. Plain browser JavaScript, served only in simulated mode.
const BUTTONS = ['deal', 'hold1', 'hold2', 'hold3', 'hold4', 'hold5', 'betOne', 'maxBet', 'cashOut', 'help', 'service'];
const KEYS = {
  d: 'deal',
  1: 'hold1',
  2: 'hold2',
  3: 'hold3',
  4: 'hold4',
  5: 'hold5',
  b: 'betOne',
  m: 'maxBet',
  c: 'cashOut',
  h: 'help',
  s: 'service',
};
const $ = (id) => document.getElementById(id);
let socket;
let nextId = 1;

function connect() {
  socket = new WebSocket(`ws://${location.host}/dev/ws`);
  socket.onopen = () => {
    $('link').textContent = 'connected';
    $('link').className = 'good';
    send({ device: 'host', action: 'status' });
  };
  socket.onclose = () => {
    $('link').textContent = 'disconnected, retrying…';
    $('link').className = 'bad';
    setTimeout(connect, 1000);
  };
  socket.onmessage = (m) => {
    const answer = JSON.parse(m.data);
    const line = answer.ok ? JSON.stringify(answer.result) : `error: ${answer.error}`;
    $('log').textContent = `${new Date().toLocaleTimeString()} ${line}\n` + $('log').textContent.slice(0, 4000);
    if (answer.ok && answer.result && answer.result.notes) showNotes(answer.result.notes);
    if (answer.ok && answer.result && answer.result.lamps) showLamps(answer.result.lamps);
    if (answer.ok && answer.result && answer.result.vouchers)
      $('vouchers').textContent = answer.result.vouchers.map((v) => v.text).join('\n\n');
  };
}

function send(command) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ ...command, id: nextId++ }));
}

function showNotes(notes) {
  const box = $('notes');
  box.replaceChildren(
    ...notes.map((n) => {
      const b = document.createElement('button');
      b.textContent = `insert ${n.label}`;
      b.onclick = () => send({ device: 'acceptor', action: 'insert', value: n.value });
      return b;
    }),
  );
}

function showLamps(lamps) {
  $('lamps').replaceChildren(
    ...BUTTONS.map((name) => {
      const span = document.createElement('span');
      span.className = `lamp ${lamps[name] ?? 'off'}`;
      span.textContent = name;
      return span;
    }),
  );
}

function press(button) {
  send({ device: 'deck', action: 'press', button });
}

$('buttons').replaceChildren(
  ...BUTTONS.map((name) => {
    const b = document.createElement('button');
    b.textContent = name;
    b.onclick = () => press(name);
    return b;
  }),
);
document
  .querySelectorAll('[data-cmd]')
  .forEach((b) => b.addEventListener('click', () => send(JSON.parse(b.dataset.cmd))));
document
  .querySelectorAll('[data-switch]')
  .forEach((box) =>
    box.addEventListener('change', () =>
      send({ device: 'deck', action: box.dataset.switch, name: box.dataset.name, on: box.checked }),
    ),
  );
document.addEventListener('keydown', (e) => {
  const button = KEYS[e.key.toLowerCase()];
  if (button && !e.repeat) press(button);
});
setInterval(() => send({ device: 'host', action: 'lamps' }), 1000);
connect();
