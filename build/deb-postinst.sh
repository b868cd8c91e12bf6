#!/bin/bash
# The deb's after-install script (electron-builder: deb.afterInstall). electron-builder treats
# this file as a template: a dollar sign followed by a name in braces is one of its macros
# (executable, sanitizedProductName), so shell variables below are written without braces.
# It replaces electron-builder's default script, so it also does that script's work: the
# /usr/bin link and the chrome-sandbox mode.
set -e

APP_DIR='/opt/${sanitizedProductName}'
EXE='${executable}'
RES="$APP_DIR/resources/linux"
DATA=/var/lib/poker-cabinet
CONF=/etc/poker-cabinet
MIRROR=/var/lib/poker-cabinet-mirror

# The machine key as src/store/machine-key.ts reads it: 32 random bytes as 64 hexadecimal digits
# and a newline, mode 0600, made whole under another name and then moved into place.
make_machine_key() {
  (
    umask 077
    head -c 32 /dev/urandom | od -An -vtx1 | tr -d ' \n' > "$1.new"
    echo >> "$1.new"
    mv "$1.new" "$1"
  )
}

# The command on the PATH.
if type update-alternatives >/dev/null 2>&1; then
  if [ -L "/usr/bin/$EXE" ] && [ "$(readlink "/usr/bin/$EXE")" != "/etc/alternatives/$EXE" ]; then
    rm -f "/usr/bin/$EXE"
  fi
  update-alternatives --install "/usr/bin/$EXE" "$EXE" "$APP_DIR/$EXE" 100 || ln -sf "$APP_DIR/$EXE" "/usr/bin/$EXE"
else
  ln -sf "$APP_DIR/$EXE" "/usr/bin/$EXE"
fi

# Chromium's sandbox helper needs the SUID bit only where the kernel has no user namespaces.
if [ -L /proc/self/ns/user ] && unshare --user true 2>/dev/null; then
  chmod 0755 "$APP_DIR/chrome-sandbox" || true
else
  chmod 4755 "$APP_DIR/chrome-sandbox" || true
fi

# The kiosk account: no password, no login shell; in dialout for serial ports and in the
# groups a Wayland/X session needs for the display, input and sound.
if ! getent group kiosk >/dev/null; then
  addgroup --system kiosk
fi
if ! getent passwd kiosk >/dev/null; then
  adduser --system --ingroup kiosk --home "$DATA" --no-create-home --shell /usr/sbin/nologin --gecos "Poker cabinet kiosk" kiosk
fi
for group in dialout video input render audio; do
  if getent group "$group" >/dev/null; then
    adduser kiosk "$group" >/dev/null || true
  fi
done

# The data folder lives outside the install, so updates and removal never touch it.
install -d -o kiosk -g kiosk -m 0750 "$DATA"
# The operator's config (config.json, docs/deploy.md): root writes it, the kiosk reads it. An
# empty one (every field is optional) until the operator writes theirs.
install -d -o root -g kiosk -m 0750 "$CONF"
if [ ! -e "$CONF/config.json" ]; then
  echo '{}' > "$CONF/config.json"
  chown root:kiosk "$CONF/config.json"
  chmod 0640 "$CONF/config.json"
fi
# The machine key beside the config (docs/deploy.md), made once and never replaced: the database
# is bound to it. The kiosk alone reads it and cannot replace it (the folder is root's).
if [ ! -e "$CONF/machine.key" ]; then
  make_machine_key "$CONF/machine.key"
  chown kiosk:kiosk "$CONF/machine.key"
fi
# The mirror of critical memory: a folder apart from the data folder (better, on another device).
install -d -o kiosk -g kiosk -m 0700 "$MIRROR"

# Service and udev rules: installed (replacing an older version), not enabled; the
# technician enables the service once the display and ports are set up (docs/deploy.md).
if [ -d /etc/systemd/system ] && [ -f "$RES/poker-cabinet.service" ]; then
  install -m 0644 "$RES/poker-cabinet.service" /etc/systemd/system/poker-cabinet.service
  if [ -d /run/systemd/system ]; then
    systemctl daemon-reload || true
  fi
fi
if [ -d /etc/udev/rules.d ] && [ -f "$RES/99-poker-cabinet.rules" ]; then
  install -m 0644 "$RES/99-poker-cabinet.rules" /etc/udev/rules.d/99-poker-cabinet.rules
  if command -v udevadm >/dev/null 2>&1; then
    udevadm control --reload-rules || true
    udevadm trigger --subsystem-match=tty || true
    udevadm trigger --subsystem-match=tpmrm || true
  fi
fi

if hash update-desktop-database 2>/dev/null; then
  update-desktop-database /usr/share/applications || true
fi
exit 0
