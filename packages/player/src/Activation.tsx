import { useState, type FormEvent } from 'react';
import { post, DeviceApiError } from './api';
import { saveDevice, type Device, type DeviceConfig } from './device';
import { word } from './words';

/** First start: the device's code and the one-time activation code the console shows for it. */
export function Activation({ onActivated }: { onActivated: (d: Device) => void }) {
  const [code, setCode] = useState('');
  const [activation, setActivation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const hw = {
        model: navigator.userAgent.slice(0, 100),
        os: navigator.platform.slice(0, 100),
        screen: { w: screen.width, h: screen.height },
        appVersion: APP_VERSION,
      };
      const r = await post<{ deviceToken: string; deviceId: number; interval: number; config: DeviceConfig }>(
        'activate',
        null,
        { code: code.trim(), activation: activation.trim(), hw },
      );
      const device = { token: r.deviceToken, deviceId: r.deviceId, interval: r.interval, config: r.config };
      saveDevice(device);
      onActivated(device);
    } catch (err) {
      setError(err instanceof DeviceApiError ? err.message : word('offline'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="vp-activation" onSubmit={(e) => void submit(e)} data-testid="player-activation">
      <h1>Vitrine</h1>
      <p>{word('activateHint')}</p>
      <label>
        {word('deviceCode')}
        <input value={code} onChange={(e) => setCode(e.target.value)} data-testid="player-code" autoFocus />
      </label>
      <label>
        {word('activationCode')}
        <input
          value={activation}
          onChange={(e) => setActivation(e.target.value)}
          data-testid="player-activation-code"
        />
      </label>
      {error ? (
        <p className="vp-error" data-testid="player-error">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy || !code || !activation} data-testid="player-activate">
        {word('activate')}
      </button>
    </form>
  );
}

export const APP_VERSION = 'player-1.0.0';
