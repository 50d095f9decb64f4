// Who the member is, from Discord: the SDK (outside Discord, in the playground and the tests,
// its DiscordSDKMock, whose codes the server accepts only when told to), and the sign-in that
// trades the SDK's authorize code for a session of the Activity's server. The page never
// says who it is itself.

import { DiscordSDK, DiscordSDKMock } from "./vendor/discord_sdk.mjs";

function nonce() {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The SDK for this page: Discord's own, or the mock for the member named in the address.
export function discordSdk(config, query) {
  if (!config.mock) return new DiscordSDK(config.clientId);
  const sdk = new DiscordSDKMock(config.clientId, query.get("guild_id"), query.get("channel_id"), null);
  sdk.instanceId = query.get("instance_id") || sdk.instanceId;
  const user = query.get("mock_user") || "";
  sdk._updateCommandMocks({ authorize: async () => ({ code: `mock:${user}:${nonce()}` }) });
  return sdk;
}

// Sign in through Discord: the server's answer (session, locale, access token) or an Error
// with the server's reason.
export async function signIn(sdk, clientId) {
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
  });
  // The instance in the address too: the rate limit counts Activity requests per instance.
  const address = `/activity/api/session?${new URLSearchParams({ instance_id: sdk.instanceId })}`;
  const response = await fetch(address, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    // `locale` counts only for the mock's sign-ins; Discord's own says the member's language.
    body: JSON.stringify({ code, instance_id: sdk.instanceId, guild_id: sdk.guildId, channel_id: sdk.channelId, locale: navigator.language }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || String(response.status));
  await sdk.commands.authenticate({ access_token: body.access_token });
  return body;
}
