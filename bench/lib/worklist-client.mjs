// The worklist bench's CPU phase: the same requests as the latency phase, one after another, from a worker
// thread, so the main thread's CPU time is the server's alone. Plain JavaScript (a worker runs it as is).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { threadCpuMs } from './cpu.mjs';

const { base, token, variants, requests } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const { hostname, port } = new URL(base);

function post(body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
    };
    const req = http.request(
      { agent, hostname, port, path: '/api/order/OrderList', method: 'POST', headers },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const cpu0 = threadCpuMs();
for (let i = 0; i < requests; i++) await post(variants[i % variants.length]);
agent.destroy();
parentPort.postMessage({ clientCpuMs: threadCpuMs() - cpu0 });
