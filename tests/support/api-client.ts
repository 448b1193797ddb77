import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { TaskAnswer } from '#shared/api';

type Agent = InstanceType<typeof TestAgent>;

/** A visitor: a supertest agent that keeps its cookies, with the tool pipeline as helpers. */
export function visitor(app: Parameters<typeof request.agent>[0]) {
  const agent: Agent = request.agent(app);
  return {
    agent,
    async upload(file: string, toolType?: string, name = path.basename(file)) {
      const req = agent.post('/api/miaohui/file/unLoginUpload').attach('file', fs.readFileSync(file), name);
      if (toolType) req.field('toolType', toolType);
      return req;
    },
    async uploadToken(file: string, toolType?: string) {
      const res = await this.upload(file, toolType);
      if (res.body.code !== 1000) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    transfer(body: Record<string, unknown>) {
      return agent.post('/api/miaohui/file/unLoginTransfer').send(body);
    },
    progress(id: string) {
      return agent.post('/api/miaohui/file/transferProgress').send({ id });
    },
    /** Polls until the task is Done or Failed (or the deadline passes). */
    async waitForTask(id: string, timeoutMs = 60_000): Promise<TaskAnswer> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await this.progress(id);
        const answer = res.body as TaskAnswer;
        if (answer.code === 1000 || answer.result?.status === 'Failed') return answer;
        if (Date.now() > deadline) throw new Error(`task ${id} still ${JSON.stringify(answer.result)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** Downloads a result URL to a file and returns its path. */
    async download(url: string, target: string) {
      const res = await agent.get(url).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      if (res.status !== 200) throw new Error(`download ${url}: ${res.status}`);
      fs.writeFileSync(target, res.body as Buffer);
      return { path: target, headers: res.headers };
    },
  };
}
