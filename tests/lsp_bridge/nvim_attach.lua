-- Neovim 0.7 as an LSP client: attach to lsp-bridge (through `lsp-bridge connect`), ask, write what came back.
local out = {}
local ok, err = pcall(function()
  local root = os.getenv("ROOT")
  local id = vim.lsp.start_client({ cmd = vim.fn.json_decode(os.getenv("CMD")), root_dir = root, name = "lsp-bridge" })
  vim.cmd("edit " .. root .. "/app.py")
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)
  assert(vim.wait(30000, function() return client.initialized end, 20), "no initialize answer")
  local doc = vim.lsp.util.make_text_document_params(buf)
  local symbols = client.request_sync("textDocument/documentSymbol", { textDocument = doc }, 30000, buf)
  out.symbols = symbols and symbols.result
  local position = { line = 8, character = 40 } -- `discount` in `p.discount(1.0, None)`
  local definition = client.request_sync("textDocument/definition", { textDocument = doc, position = position }, 30000, buf)
  out.definition = definition and definition.result
  vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  out.diagnostics = vim.tbl_map(function(d) return { lnum = d.lnum, message = d.message } end, vim.diagnostic.get(buf))
  client.stop()
  vim.wait(5000, function() return client.is_stopped() end, 20)
end)
if not ok then out.error = tostring(err) end
local f = assert(io.open(os.getenv("OUT"), "w"))
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd("qa!")
