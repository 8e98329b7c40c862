import type { WebSocket } from 'ws';

export interface Client {
  ws: WebSocket;
  userPk: number;
  sessionPk: number;
  role_pk: number;
  /** For pushes limited to a hospital (the queue); the super administrator gets every hospital's. */
  hospital_code: string;
  isSuper: boolean;
}

/** The authenticated sockets, by user (a user may have several tabs and sessions). */
export class ClientRegistry {
  private readonly byUser = new Map<number, Set<Client>>();

  add(client: Client): void {
    let set = this.byUser.get(client.userPk);
    if (!set) this.byUser.set(client.userPk, (set = new Set()));
    set.add(client);
  }

  remove(client: Client): void {
    const set = this.byUser.get(client.userPk);
    if (!set) return;
    set.delete(client);
    if (!set.size) this.byUser.delete(client.userPk);
  }

  /** Takes the user's sockets out of the registry and answers them. */
  take(userPk: number): Client[] {
    const set = this.byUser.get(userPk);
    this.byUser.delete(userPk);
    return set ? [...set] : [];
  }

  /** Takes the sockets of one session out of the registry and answers them. */
  takeSession(userPk: number, sessionPk: number): Client[] {
    const set = this.byUser.get(userPk);
    if (!set) return [];
    const out = [...set].filter((c) => c.sessionPk === sessionPk);
    for (const c of out) this.remove(c);
    return out;
  }

  all(): Client[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  count(userPk: number): number {
    return this.byUser.get(userPk)?.size ?? 0;
  }
}
