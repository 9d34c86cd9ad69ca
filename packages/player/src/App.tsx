import { useState } from 'react';
import { Activation } from './Activation';
import { loadDevice, type Device } from './device';
import { Player } from './Player';

export function App() {
  const [device, setDevice] = useState<Device | null>(loadDevice);
  return device ? (
    <Player device={device} onDeactivated={() => setDevice(null)} />
  ) : (
    <Activation onActivated={setDevice} />
  );
}
