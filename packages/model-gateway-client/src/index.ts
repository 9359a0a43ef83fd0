export { LiteLlmModelGateway, type LiteLlmModelGatewayOptions } from './litellm-model-gateway.adapter';
