export default {
  async queue(batch: MessageBatch<unknown>, _env: Env, _ctx: ExecutionContext): Promise<void> {
    console.log(`[scan-jobs] received ${batch.messages.length} message(s) on ${batch.queue}`);
  },
} satisfies ExportedHandler<Env>;
