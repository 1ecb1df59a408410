// A bare Fastify route, the baseline beside which the real API's latency is read.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 1, result: true, msg: '', data: null }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
