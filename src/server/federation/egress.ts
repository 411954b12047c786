import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import { Agent, buildConnector, Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { isPublicAddress, lookupReaching, PrivateAddressError } from '../http/public-address';

/** How long one connection to a remote server is used before a fresh one (checked again) replaces it. */
const CONNECTION_LIFETIME_MS = 30_000;

/** The connections of the federation work running now; none outside it. */
const federationWork = new AsyncLocalStorage<Dispatcher>();

/**
 * The process's fetch dispatcher: federation's own connections inside federation work, everyone else's (the speech
 * server, S3, a test's requests) outside it. Fedify calls the global fetch and takes no dispatcher of ours, so this
 * is where its requests can be told apart.
 */
class FederationRouter extends Dispatcher {
  constructor(private readonly others: Dispatcher) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return (federationWork.getStore() ?? this.others).dispatch(options, handler);
  }

  override close(): Promise<void> {
    return this.others.close();
  }

  override destroy(): Promise<void> {
    return this.others.destroy();
  }
}

function routeFederationWork(): void {
  const current = getGlobalDispatcher();
  if (!(current instanceof FederationRouter)) setGlobalDispatcher(new FederationRouter(current));
}

/** A connection refused because moderators blocked the domain it is to. */
class BlockedDomainError extends Error {
  readonly code = 'EBLOCKEDDOMAIN';
}

/**
 * Refuses a blocked domain, and what `mayReach` refuses, as the connection is made: the name's addresses now, and
 * every redirect's.
 */
function connectorReaching(
  options: Required<Omit<EgressOptions, 'allowPrivateAddresses'>>,
): buildConnector.connector {
  const { mayReach, blockedDomainOf } = options;
  const connect = buildConnector({ lookup: lookupReaching(mayReach) });
  const refusal = async (host: string): Promise<Error | undefined> => {
    const blocked = await blockedDomainOf(host);
    if (blocked) return new BlockedDomainError(`Moderators blocked ${blocked}.`);
    if (isIP(host) && !mayReach(host)) return new PrivateAddressError(`The address ${host} is not public.`);
    return undefined;
  };
  return (connection, callback) => {
    refusal(connection.hostname.replace(/^\[|\]$/g, '')).then(
      (refused) => (refused ? callback(refused, null) : connect(connection, callback)),
      (error: Error) => callback(error, null),
    );
  };
}

export interface FederationEgress {
  /** Runs `work` with every request it makes (deliveries, remote actors, keys, documents) on federation's connections. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export interface EgressOptions {
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: tests and closed networks reach loopback and private addresses. */
  allowPrivateAddresses: boolean;
  /** The addresses federation may connect to, whatever the flag says: a test standing a loopback address in for the internet. */
  mayReach?: (address: string) => boolean;
  /** The blocked domain a host is on or under, if any. */
  blockedDomainOf: (host: string) => Promise<string | undefined>;
}

/**
 * Where remote servers are is their word, and a name may resolve elsewhere by the time we connect (DNS rebinding),
 * or answer with a redirect inwards: so every connection federation makes is checked as it is made, never inside
 * our network unless FEDERATION_ALLOW_PRIVATE_ADDRESSES allows it. Fedify's own checks before a fetch stay too.
 */
export function createFederationEgress(options: EgressOptions): FederationEgress {
  routeFederationWork();
  const mayReach = options.mayReach ?? (options.allowPrivateAddresses ? () => true : isPublicAddress);
  const connections = new Agent({
    connect: connectorReaching({ mayReach, blockedDomainOf: options.blockedDomainOf }),
    // Checks are made as a connection opens: none is kept longer, so a new block reaches open ones within this.
    clientTtl: CONNECTION_LIFETIME_MS,
  });
  return {
    run: (work) => federationWork.run(connections, work),
  };
}
