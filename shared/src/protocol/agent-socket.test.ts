import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket as WsClient, WebSocketServer } from 'ws';
import type { BridgeEventBody } from './messages';
import { AgentSocket, agentMessageToEvent } from './agent-socket';

describe('agentMessageToEvent', () => {
  it('maps hello to agent-up and keeps key events; drops pongs and garbage', () => {
    expect(agentMessageToEvent('{"type":"hello","keys":[]}')).toEqual({ type: 'agent-up', keys: [] });
    // the agent's version rides on hello, for the web app to compare with what the installation needs
    expect(agentMessageToEvent({ type: 'hello', keys: [], version: '0.3.1' })).toEqual({
      type: 'agent-up',
      keys: [],
      version: '0.3.1',
    });
    expect(agentMessageToEvent({ type: 'key-removed', slot: '1', serial: 'S' })).toEqual({
      type: 'key-removed',
      slot: '1',
      serial: 'S',
    });
    expect(agentMessageToEvent('{"type":"pong"}')).toBeNull();
    expect(agentMessageToEvent('not json')).toBeNull();
    expect(agentMessageToEvent({ type: 'key-inserted', key: { slot: 1 } })).toBeNull();
  });
});

describe('AgentSocket', () => {
  it('pings while connected and reconnects after the agent drops the connection', async () => {
    const server = createServer();
    const wss = new WebSocketServer({ server, path: '/events' });
    let connections = 0;
    const received: string[] = [];
    wss.on('connection', (ws) => {
      connections++;
      ws.send(JSON.stringify({ type: 'hello', keys: [] }));
      ws.on('message', (m) => received.push(String(m)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const events: BridgeEventBody[] = [];
    const socket = new AgentSocket({
      url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
      onEvent: (e) => events.push(e),
      WebSocketImpl: WsClient as unknown as typeof WebSocket,
      pingMs: 20,
      retryMs: 20,
    });
    socket.start();
    try {
      await vi.waitFor(() => expect(received).toContain('{"type":"ping"}'));
      for (const c of wss.clients) c.terminate();
      await vi.waitFor(() => expect(connections).toBe(2));
      await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['agent-up', 'agent-down', 'agent-up']));
    } finally {
      socket.stop();
      wss.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
