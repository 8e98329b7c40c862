import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@shared/permissions';
import { QUEUE_STATES, QUEUE_TRANSITIONS, type QueueAction, type QueueState } from '@shared/schemas/queue';
import { ACTION_ROUTES, actionAllowed } from './desk-actions';

const ACTIONS = Object.keys(QUEUE_TRANSITIONS) as QueueAction[];
const everything = () => true;
const allowedIn = (state: QueueState, can: (p: string) => boolean = everything) =>
  ACTIONS.filter((a) => actionAllowed(a, { state, is_del: 0 }, can));

describe('which queue actions a row offers', () => {
  it('follows the shared transitions for every state', () => {
    expect(allowedIn('registered')).toEqual(['takeNumber', 'abandon', 'referral', 'delete']);
    expect(allowedIn('number_taken')).toEqual(['call', 'abandon', 'referral', 'top', 'delete']);
    expect(allowedIn('called')).toEqual(['callAgain', 'pass', 'checking', 'complete', 'abandon']);
    expect(allowedIn('passed')).toEqual(['call', 'abandon', 'referral', 'top', 'delete']);
    expect(allowedIn('checking')).toEqual(['complete']);
    expect(allowedIn('completed')).toEqual([]);
    expect(allowedIn('abandoned')).toEqual(['recover', 'delete']);
    for (const s of QUEUE_STATES) for (const a of allowedIn(s)) expect(QUEUE_TRANSITIONS[a].from).toContain(s);
  });

  it('offers only recovery on a deleted registration', () => {
    expect(ACTIONS.filter((a) => actionAllowed(a, { state: 'number_taken', is_del: 1 }, everything))).toEqual([
      'recover',
    ]);
  });

  it('a caller with only queue:call (a doctor) gets the calling actions, not the desk ones', () => {
    const doctor = (p: string) => p === PERMISSIONS.QUEUE_CALL;
    expect(allowedIn('number_taken', doctor)).toEqual(['call']);
    expect(allowedIn('called', doctor)).toEqual(['callAgain', 'pass', 'checking', 'complete']);
    expect(allowedIn('registered', doctor)).toEqual([]);
  });

  it('names a route for every action', () => {
    expect(Object.keys(ACTION_ROUTES).sort()).toEqual([...ACTIONS].sort());
  });
});
