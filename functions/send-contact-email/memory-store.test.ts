import { createMemoryStore } from "./memory-store.ts";
import { describeOwnerStoreContract } from "./testing/owner-store-contract.ts";
import { describeStoreContract } from "./testing/store-contract.ts";

describeStoreContract("memory store", async () => createMemoryStore());

describeOwnerStoreContract("memory store", async () => createMemoryStore());
