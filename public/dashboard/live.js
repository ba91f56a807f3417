// Live updates over partysocket: the session's and the hive's sockets, resumed
// after every reconnect (the hive from the last sequence number seen; the
// session by reloading its state, since its messages are notifications).
import PartySocket from "partysocket";

function socketProtocol() {
  return location.protocol === "https:" ? "wss" : "ws";
}

/**
 * Opens a party socket; `onMessage(msg)` gets each parsed frame, `onStatus(open)`
 * each connect and disconnect. Returns a close function.
 */
export function openLive({ party, room, query, onMessage, onStatus }) {
  const socket = new PartySocket({
    host: location.host,
    protocol: socketProtocol(),
    party,
    room,
    query,
    // Reconnect quickly: a dashboard that lags behind the agent is worse than a retry.
    minReconnectionDelay: 200,
    maxReconnectionDelay: 2000,
  });
  socket.addEventListener("open", () => onStatus(true));
  socket.addEventListener("close", () => onStatus(false));
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      // Not a protocol frame: nothing to show.
      return;
    }
    if (message && typeof message.type === "string") {
      onMessage(message);
    }
  });
  return () => socket.close();
}
