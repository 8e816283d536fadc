/* Iris web chat page: plain browser JavaScript, no build step. Every text it shows comes from the
 * server (the UI strings of the locale, or Iris' replies); user text is always set as text, never
 * as HTML. */
(function () {
  'use strict';

  var $ = function (id) {
    return document.getElementById(id);
  };
  var strings = null;
  var locale = 'pt-BR';
  var shown = {}; // feed ids and message ids already on the page (a reconnect may send one again)
  var events = null;
  var typingTimer = null;

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) {
      return (x + 256).toString(16).slice(1);
    });
    return (
      h.slice(0, 4).join('') +
      '-' +
      h.slice(4, 6).join('') +
      '-' +
      h.slice(6, 8).join('') +
      '-' +
      h.slice(8, 10).join('') +
      '-' +
      h.slice(10).join('')
    );
  }

  function api(method, path, body) {
    return fetch(path, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
    }).then(function (response) {
      return response.json().then(function (data) {
        return { ok: response.ok, status: response.status, data: data };
      });
    });
  }

  function t(key) {
    return strings[locale][key];
  }

  function applyStrings() {
    document.documentElement.lang = locale;
    $('subtitle').textContent = t('subtitle');
    $('sign-in-title').textContent = t('signInTitle');
    $('demo-intro').textContent = t('demoIntro');
    $('invite-hint').textContent = t('inviteHint');
    $('invite-label').textContent = t('inviteLabel');
    $('invite-button').textContent = t('inviteButton');
    $('message-label').textContent = t('inputLabel');
    $('message').placeholder = t('placeholder');
    $('send').textContent = t('send');
    $('sign-out').textContent = t('signOut');
    $('empty').textContent = t('empty');
  }

  function time(iso) {
    return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  }

  function addMessage(who, text, at, buttons, attached) {
    $('empty').hidden = true;
    var item = document.createElement('li');
    item.className = 'message ' + who;
    var body = document.createElement('p');
    body.textContent = text;
    item.appendChild(body);
    var meta = document.createElement('time');
    meta.className = 'meta';
    meta.dateTime = at;
    meta.textContent = (who === 'user' ? t('you') : t('iris')) + ' · ' + time(at);
    item.appendChild(meta);
    if (attached) item.appendChild(documentLink(attached));
    if (buttons) item.appendChild(confirmationButtons(buttons));
    $('log').appendChild(item);
    item.scrollIntoView({ block: 'end' });
  }

  // A file sent with a reply (a boleto's PDF) is offered as a download, named as Iris named it.
  function documentLink(attached) {
    var link = document.createElement('a');
    link.className = 'document';
    link.download = attached.fileName;
    link.href = 'data:' + attached.mimeType + ';base64,' + attached.base64;
    link.textContent = '📎 ' + attached.fileName;
    return link;
  }

  function confirmationButtons(buttons) {
    var actions = document.createElement('div');
    actions.className = 'actions prompt';
    [
      ['yes', buttons.yesLabel, ''],
      ['no', buttons.noLabel, 'secondary'],
    ].forEach(function (entry) {
      var button = document.createElement('button');
      button.type = 'button';
      button.className = entry[2];
      button.textContent = entry[1];
      button.addEventListener('click', function () {
        closePrompts();
        var id = uuid();
        shown[id] = true;
        addMessage('user', entry[1], new Date().toISOString());
        post({ id: id, confirmation: { nonce: buttons.nonce, answer: entry[0] }, label: entry[1] });
      });
      actions.appendChild(button);
    });
    return actions;
  }

  /** A prompt answered, replaced or lapsed cannot be pressed any more. */
  function closePrompts() {
    var open = document.querySelectorAll('.prompt button:not(:disabled)');
    Array.prototype.forEach.call(open, function (button) {
      button.disabled = true;
    });
  }

  function post(body, retry) {
    return api('POST', '/chat/messages', body).then(
      function (result) {
        if (result.status === 401) return start();
        $('status').textContent = result.ok ? '' : result.status === 413 ? t('tooLong') : t('sendFailed');
        return result.ok;
      },
      function () {
        $('status').textContent = t('sendFailed');
        // The same id again: if the first try did arrive, Iris drops the copy.
        if (retry !== false)
          setTimeout(function () {
            post(body, false);
          }, 2000);
        return false;
      },
    );
  }

  function connect() {
    if (events) events.close();
    events = new EventSource('/chat/events');
    events.addEventListener('ready', function () {
      $('status').textContent = '';
    });
    events.addEventListener('typing', function () {
      $('typing').textContent = t('typing');
      clearTimeout(typingTimer);
      typingTimer = setTimeout(function () {
        $('typing').textContent = '';
      }, 10000);
    });
    events.addEventListener('reply', function (event) {
      var reply = JSON.parse(event.data);
      if (shown[reply.id]) return;
      shown[reply.id] = true;
      clearTimeout(typingTimer);
      $('typing').textContent = '';
      if (reply.closesPrompt || reply.buttons) closePrompts();
      addMessage('iris', reply.text, reply.at, reply.buttons, reply.document);
    });
    events.addEventListener('said', function (event) {
      var said = JSON.parse(event.data);
      if (shown[said.id] || shown[said.messageId]) return;
      shown[said.id] = true;
      addMessage('user', said.text, said.at);
    });
    events.onerror = function () {
      $('status').textContent = t('reconnecting');
    };
  }

  function showSignIn(data) {
    $('chat').hidden = true;
    $('sign-out').hidden = true;
    $('sign-in').hidden = false;
    var list = $('demo-users');
    list.textContent = '';
    $('demo').hidden = data.demoUsers.length === 0;
    data.demoUsers.forEach(function (user) {
      var item = document.createElement('li');
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'secondary';
      button.textContent = user.name + ' — ' + user.tenantName + ' (' + user.locale + ')';
      button.addEventListener('click', function () {
        signIn({ demoUserId: user.id });
      });
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  function showChat() {
    $('sign-in').hidden = true;
    $('chat').hidden = false;
    $('sign-out').hidden = false;
    $('log').textContent = '';
    $('empty').hidden = false;
    shown = {};
    connect();
    $('message').focus();
  }

  function render(data) {
    strings = data.strings;
    locale = data.locale;
    applyStrings();
    if (data.state === 'signed-in') showChat();
    else showSignIn(data);
  }

  function signIn(body) {
    $('sign-in-error').textContent = '';
    api('POST', '/chat/session', body).then(
      function (result) {
        if (!result.ok) {
          $('sign-in-error').textContent = t('signInFailed');
          return;
        }
        render(result.data);
      },
      function () {
        $('sign-in-error').textContent = t('signInFailed');
      },
    );
  }

  function start() {
    return api('GET', '/chat/session').then(function (result) {
      render(result.data);
    });
  }

  $('invite-form').addEventListener('submit', function (event) {
    event.preventDefault();
    signIn({ code: $('invite-code').value });
  });

  $('sign-out').addEventListener('click', function () {
    if (events) events.close();
    api('DELETE', '/chat/session').then(start);
  });

  $('composer').addEventListener('submit', function (event) {
    event.preventDefault();
    var input = $('message');
    var text = input.value.trim();
    if (!text) return;
    input.value = '';
    var id = uuid();
    shown[id] = true;
    addMessage('user', text, new Date().toISOString());
    post({ id: id, text: text });
  });

  $('message').addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      $('composer').requestSubmit();
    }
  });

  start();
})();
