/** The Redis Cluster hash slot of a key (hash tags honoured), as ioredis computes it. */
declare module 'cluster-key-slot' {
  function calculateSlot(key: string | Buffer): number;
  export = calculateSlot;
}
