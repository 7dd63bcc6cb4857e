-- Headless Neovim as an author uses it: open a SKILL.md, start skillkit's language server,
-- wait for its diagnostic, apply the preferred code action, write the file, quit.
-- Exit codes: 0 fixed and written; 3 no diagnostic; 4 no preferred action.
local python, folder, skill = vim.env.SKILLKIT_PYTHON, vim.env.SKILLKIT_FOLDER, vim.env.SKILLKIT_SKILL
vim.cmd('edit ' .. vim.fn.fnameescape(skill))
local id = vim.lsp.start_client({
  name = 'skillkit',
  cmd = { python, '-m', 'skillkit', 'server' },
  root_dir = folder,
  workspace_folders = { { uri = vim.uri_from_fname(folder), name = 'skills' } },
})
vim.lsp.buf_attach_client(0, id)
local function typo()  -- the finding on the typo'd key (a missing `description` is reported too)
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.message:find('did you mean', 1, true) then return d end
  end
end
if not vim.wait(90000, function() return typo() ~= nil end, 50) then
  io.stderr:write('no diagnostic arrived\n')
  vim.cmd('cquit 3')
end
local found = typo()
io.stdout:write('DIAGNOSTIC ' .. found.lnum .. ':' .. found.col .. ' ' .. found.message .. '\n')
local params = {
  textDocument = vim.lsp.util.make_text_document_params(),
  range = { start = { line = found.lnum, character = found.col },
            ['end'] = { line = found.end_lnum, character = found.end_col } },
  context = { diagnostics = {} },
}
local answers = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', params, 60000) or {}
for _, answer in pairs(answers) do
  for _, action in ipairs(answer.result or {}) do
    if action.isPreferred then
      io.stdout:write('ACTION ' .. action.title .. '\n')
      vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
      vim.cmd('write')
      vim.lsp.stop_client(id)
      vim.cmd('qall!')
    end
  end
end
io.stderr:write('no preferred code action\n')
vim.cmd('cquit 4')
