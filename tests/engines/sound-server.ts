import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface SoundServer {
  /** The server and what keeps it awake; stopped with the browser. */
  children: ChildProcess[];
  /** What a browser's environment needs to play through it. */
  env: { PULSE_SERVER: string };
}

/**
 * A PulseAudio of the engine's own (Debian's pulseaudio) with one null sink, which takes sound as fast as a sound
 * card plays it. Firefox plays audio only through a sound device; on a machine without one, ALSA's null device
 * swallowed a 40 s post in 2 s, so time raced past what the flows watch (Skip silence's jump). WebKit's GStreamer
 * plays through it too, as on a desktop. Runs in `workDir`, reached through a socket there.
 */
export async function startSoundServer(workDir: string, timeoutMs = 10_000): Promise<SoundServer> {
  const dir = path.join(workDir, 'pulse');
  mkdirSync(dir, { recursive: true });
  const socket = path.join(dir, 'native');
  const child = spawn(
    'pulseaudio',
    [
      ...['--daemonize=no', '-n', '--exit-idle-time=-1', '--use-pid-file=no', '--disable-shm=yes'],
      ...['--realtime=no', '--high-priority=no', '--log-target=stderr'],
      '--load=module-null-sink sink_name=engine',
      `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
    ],
    { env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(socket)) {
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50, 'waiting'))]);
    if (code !== 'waiting')
      throw new Error(`pulseaudio exited (${String(code)}) before it listened:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`pulseaudio did not listen within ${timeoutMs} ms:\n${output}`);
    }
  }
  const env = { PULSE_SERVER: `unix:${socket}` };
  // Idle, the null sink renders once per 2 s, so a new stream waited that long to start: Firefox's first recording
  // lost its first second. A stream of silence asking for 20 ms keeps it rendering every 20 ms.
  const awake = spawn(
    'pacat',
    ['--latency-msec=20', '--rate=48000', '--channels=2', '--format=s16le', '/dev/zero'],
    { env: { ...process.env, ...env }, stdio: 'ignore' },
  );
  return { children: [child, awake], env };
}
