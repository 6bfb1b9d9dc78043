// @vitest-environment happy-dom
/**
 * The moved screens render what the domain decides and send the commands they should (issue 10:
 * "every rule in its layer"): a task card shows `tasks.taskView`, counts use the spec §9 format,
 * forms validate with the domain's rules and send nothing invalid.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { social, tasks, type UnstampedEvent } from '../../domain/index.js';
import { LoginForm } from '../../src/features/session';
import CreatePage from '../../src/features/tasks/create/pages/CreatePage';
import { FeedCard } from '../../src/features/feed/FeedCard';
import { TaskList } from '../../src/features/tasks/queue';
import { renderView } from '../support/renderView';

afterEach(cleanup);

const created = (id: string, prompt = 'a lighthouse'): UnstampedEvent =>
  tasks.taskCreated({
    id,
    params: { domainType: 0, prompt, aspectRatio: '3:4', seed: null },
    guest: false,
    estimateMs: null,
    createdAt: 0,
  });

describe('the queue shows what tasks.taskView decides', () => {
  it('a task the server has queued (code 1, nothing reported) reads Queued with an indeterminate bar', () => {
    renderView(<TaskList headingId="t" />, {
      events: [
        created('a'),
        tasks.progressReported({ id: 'a', code: 1, progress: 0, statusDesc: '', estimateMs: null }),
      ],
    });
    const card = screen.getByTestId('task-card');
    expect(within(card).getByText('Queued')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
  });

  it('a task rendering (code 2) reads Painting with its progress and the time left, rounded up', () => {
    renderView(<TaskList headingId="t" />, {
      events: [
        created('a'),
        tasks.progressReported({ id: 'a', code: 2, progress: 40, statusDesc: '', estimateMs: 4100 }),
      ],
    });
    const card = screen.getByTestId('task-card');
    expect(within(card).getByText('Painting')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(card.textContent).toContain('5');
  });

  it('a finished task shows its image and a failed one says why', () => {
    renderView(<TaskList headingId="t" />, {
      events: [
        created('a', 'first'),
        tasks.taskCompleted({ id: 'a', images: [{ url: '/blobs/a.png', width: 768, height: 1024 }] }),
        created('b', 'second'),
        tasks.taskFailed({ id: 'b', code: 4, reason: 'engine stopped' }),
      ],
    });
    expect(screen.getByTestId('task-image').getAttribute('src')).toBe('/blobs/a.png');
    expect(screen.getByRole('alert').textContent).toContain('engine stopped');
  });

  it('a failed task is sent again with the same parameters; a task is deleted only after confirming', async () => {
    const { dispatched } = renderView(<TaskList headingId="t" />, {
      events: [created('b', 'second try'), tasks.taskFailed({ id: 'b', code: 4, reason: 'engine stopped' })],
    });
    fireEvent.click(screen.getByTestId('task-retry'));
    expect(dispatched.filter((a) => a.type === 'tasks/retry')).toEqual([
      { type: 'tasks/retry', payload: { id: 'b' } },
    ]);
    fireEvent.click(screen.getByTestId('task-delete'));
    expect(dispatched.filter((a) => a.type === 'tasks/delete')).toEqual([]);
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(dispatched.filter((a) => a.type === 'tasks/delete')).toEqual([
      { type: 'tasks/delete', payload: { id: 'b' } },
    ]);
  });

  it('an empty queue says how to start', () => {
    renderView(<TaskList headingId="t" />);
    expect(screen.getByTestId('tasks-empty').textContent).toContain('Nothing here yet');
  });
});

describe('the square formats counts by the spec §9 rule', () => {
  it('1,999 likes read 1.9K (the rule rounds down; a compact number format would say 2K)', () => {
    const card = {
      id: '7',
      obj_type: 1,
      cardType: 'artwork',
      title: 'Dusk',
      cover: null,
      authorId: 'u',
    } as const;
    renderView(<FeedCard card={card} />, {
      events: [
        social.itemsReceived({
          items: [
            {
              id: '7',
              obj_type: 1,
              liked: false,
              collect: null,
              stat: { num_of_like: 1999, num_of_collection: 0 },
              author: { id: 'u', is_follow: false },
            },
          ],
        }),
      ],
    });
    expect(screen.getByTestId('like-button-count').textContent).toBe('1.9K');
    expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false');
  });
});

describe('forms validate with the domain rules and send only valid commands', () => {
  it('the sign-in form refuses an address without a domain and sends the trimmed one', () => {
    const { dispatched } = renderView(<LoginForm />);
    fireEvent.change(screen.getByTestId('email'), { target: { value: 'someone@nowhere' } });
    fireEvent.change(screen.getByTestId('password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    expect(dispatched.filter((a) => a.type === 'session/login')).toEqual([]);
    fireEvent.change(screen.getByTestId('email'), { target: { value: '  someone@example.test ' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(dispatched.filter((a) => a.type === 'session/login')).toEqual([
      { type: 'session/login', payload: { email: 'someone@example.test', password: 'pw' } },
    ]);
  });

  it('the create form refuses a blank prompt and sends a trimmed one with the chosen ratio', () => {
    // The options config could not load: the form still works with the default model.
    const { dispatched } = renderView(<CreatePage />, { events: [tasks.optionsFailed({})] });
    fireEvent.change(screen.getByTestId('prompt'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('generate'));
    expect(screen.getAllByRole('alert')[0]!.textContent).toContain('Write a prompt first');
    expect(dispatched.filter((a) => a.type === 'tasks/submit')).toEqual([]);
    fireEvent.change(screen.getByTestId('prompt'), { target: { value: ' a calm sea ' } });
    fireEvent.click(screen.getByRole('radio', { name: '3:4' }));
    fireEvent.click(screen.getByTestId('generate'));
    const sent = dispatched.filter((a) => a.type === 'tasks/submit');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toMatchObject({
      fields: { domain_type: 0, prompt: 'a calm sea', aspect_ratio: '3:4', size: 768, batch_size: 1 },
    });
  });
});
